"""What a page's layout is held to, measured in the browser: the window's size and colour scheme emulated, full-page
screenshots, sideways overflow and the size of tap targets.

Tap targets follow WCAG 2.2 SC 2.5.5 Target Size (Enhanced): every link, button, summary and form control that is
shown takes at least 44 × 44 CSS px, counting the box of a control's own label (a checkbox in a wide label is a wide
target), with the success criterion's inline exception: a link inside a sentence, whose line the text decides. The
spacing exception of SC 2.5.8 is not used: it would pass a 24 px link that sits a finger's width from nothing."""

import base64

from browser import Browser

TAP = 44  # CSS px: SC 2.5.5
WINDOW_HEIGHT = 900


def emulate(driver, width: int, scheme: str, height: int = WINDOW_HEIGHT) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def full_page_png(browser: Browser, width: int, scheme: str) -> bytes:
    """The whole page: the window made about as tall as the page, so lazy photos load, then one capture of all of it
    (a box sized by the window's height grows with it, so the page may still be a little taller)."""
    driver = browser.driver
    measure = "return Math.ceil(document.documentElement.scrollHeight)"
    height = WINDOW_HEIGHT
    for _ in range(4):
        needed = min(driver.execute_script(measure), 16000)
        if needed <= height:
            break
        height = needed
        emulate(driver, width, scheme, height=height)
    # A lazy photo that is not shown (in a closed <details>) loads only once it is: it is not waited for.
    browser.wait_for(lambda d: d.execute_script(
        "return Array.from(document.images).every(i => i.complete || (i.loading === 'lazy' && i.closest('details:not([open])')))"),
        "photos did not load")
    driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": True})
    full = min(driver.execute_script(measure), 16000)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True, "clip": {"x": 0, "y": 0, "width": width, "height": full, "scale": 1}})
    driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": False})
    emulate(driver, width, scheme)
    return base64.b64decode(shot["data"])


# Names an element for a message: its tag, id or first class, and the start of its text or label.
DESCRIBE = """
const describe = (el) => {
  const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : (el.classList.length ? '.' + el.classList[0] : ''));
  const text = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('value') || '').replace(/\\s+/g, ' ').trim();
  return text ? `${name} "${text.slice(0, 40)}"` : name;
};
"""

# Everything that reaches past the window's sides, unless a box that clips or scrolls sideways (a strip of photos)
# holds it and itself fits; and content cut off inside a box that hides its overflow (a clipped button label).
OVERFLOW = DESCRIBE + """
const width = document.documentElement.clientWidth;
const found = [];
const excess = document.documentElement.scrollWidth - width;
if (excess > 0) found.push(`the page is ${excess} px wider than the window`);
const clips = (style) => style.overflowX !== 'visible';
const heldInside = (el) => {
  for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
    if (clips(getComputedStyle(box))) {
      const r = box.getBoundingClientRect();
      return r.left >= -0.5 && r.right <= width + 0.5;
    }
  }
  return false;
};
for (const el of document.body.querySelectorAll('*')) {
  const r = el.getBoundingClientRect();
  if (r.width <= 1 || r.height <= 1) continue;  // not shown, or visually hidden
  const style = getComputedStyle(el);
  if (style.visibility === 'hidden') continue;
  if ((r.right > width + 0.5 || r.left < -0.5) && !heldInside(el)) {
    found.push(`${describe(el)} spans ${Math.round(r.left)}–${Math.round(r.right)} px`);
  }
  const cut = el.scrollWidth - el.clientWidth;
  if (clips(style) && style.overflowX !== 'auto' && style.overflowX !== 'scroll' && cut > 1 && el.clientWidth > 1) {
    found.push(`${describe(el)} cuts off ${cut} px of its content`);
  }
}
return found;
"""

TARGETS = DESCRIBE + """
const minimum = arguments[0];
const found = [];
const shown = (el) => {
  if (getComputedStyle(el).visibility === 'hidden') return null;
  const r = el.getBoundingClientRect();
  return r.width > 2 && r.height > 2 ? r : null;  // a visually hidden control is reached through its label
};
// A link inside a sentence: shown inline, beside text of its parent that is no control's (a count beside a button
// is not a sentence).
const controls = 'a, button, summary, select, textarea, label, input';
const ownText = (node) => Array.from(node.childNodes).map((child) => child.nodeType === Node.TEXT_NODE ? child.textContent
  : (child.nodeType === Node.ELEMENT_NODE && !child.matches(controls) ? ownText(child) : '')).join('');
const inSentence = (el) => getComputedStyle(el).display === 'inline' && el.parentElement
  && ownText(el.parentElement).trim() !== '';
const selector = 'a[href], button, summary, select, textarea, input:not([type="hidden"])';
for (const el of document.querySelectorAll(selector)) {
  const boxes = [el, ...(el.labels ? Array.from(el.labels) : [])].map(shown).filter(Boolean);
  if (!boxes.length || inSentence(el)) continue;
  if (boxes.some((r) => r.width >= minimum - 0.5 && r.height >= minimum - 0.5)) continue;
  const r = boxes[0];
  found.push(`${describe(el)} is ${Math.round(r.width)} × ${Math.round(r.height)} px`);
}
return found;
"""


def overflow_problems(driver) -> list[str]:
    return driver.execute_script(OVERFLOW)


def small_targets(driver) -> list[str]:
    return driver.execute_script(TARGETS, TAP)
