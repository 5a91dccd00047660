"""Runs after the journeys (files are collected in name order): judges every page they reached as a whole."""

import pytest

from quality import FAILING_IMPACTS, describe, validate_html


@pytest.fixture
def pages(quality_record):
    if not quality_record.pages:
        pytest.skip("no journey reached a page in this run")
    return quality_record


def test_no_serious_or_critical_accessibility_violations(pages):
    problems = [describe(page, violation) for page, violation in pages.violations(FAILING_IMPACTS)]
    assert not problems, f"{len(problems)} axe violations of impact serious or critical:\n" + "\n".join(problems)


def test_every_page_is_valid_html(pages):
    saved = [page for page in pages.pages if page.file]
    errors = validate_html([page.file for page in saved])
    pages.validator_errors = errors
    by_file = {page.file.as_uri(): page for page in saved}
    lines = []
    for error in errors:
        page = by_file.get(error.get("url", "").replace("file:/", "file:///", 1)) or by_file.get(error.get("url"))
        where = f"{page.url} ({page.file.name})" if page else error.get("url")
        lines.append(f"{where}:{error.get('lastLine')}: {error['message']} «{error.get('extract', '').strip()}»")
    assert not errors, f"{len(errors)} HTML errors:\n" + "\n".join(lines)
