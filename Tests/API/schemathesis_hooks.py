"""Schemathesis hooks for scripts/api-tests (loaded through SCHEMATHESIS_HOOKS): write requests carry the vendor's
real secret, so the operation behind the secret check is what gets tested, not the guessing throttle.

A made-up secret is a wrong guess: after a few the server refuses every write from the client for a while (429, with
a Retry-After that schemathesis waits out), and most write cases then test the throttle instead of the operation.
So every secret that fits the description (a string of 1 to 72 characters, in the JSON body or the `params` part on
v2, the `password` part or field on v1) is replaced with the vendor's secret, except the first of each run, which
is sent as made up: wrong secrets are still checked, one per run, too few to be throttled. Values the description
does not allow are left as generated: they test the refusal of malformed input. The contract tests (Tests/API)
check wrong secrets and the throttle's answers on every generation.
"""

import os

import schemathesis

SECRET = os.environ["OPENMARKET_VENDOR_SECRET"]
FIELDS = ("secret", "password")
kept_wrong = 0
KEEP_WRONG = 1


def fits(value):
    return isinstance(value, str) and 1 <= len(value) <= 72 and "\x00" not in value


@schemathesis.hook
def before_call(context, case, kwargs):
    global kept_wrong
    body = case.body
    if not isinstance(body, dict):
        return
    for container in (body, body.get("params")):
        if not isinstance(container, dict):
            continue
        for field in FIELDS:
            value = container.get(field)
            if not fits(value) or value == SECRET:
                continue
            if kept_wrong < KEEP_WRONG:
                kept_wrong += 1
                continue
            container[field] = SECRET
