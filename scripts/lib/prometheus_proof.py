#!/usr/bin/env python3
"""Helpers of scripts/prometheus-proof: read the dashboard's and the alert rules' PromQL, evaluate every
query through Prometheus's HTTP API, and say which ones return no series and which metrics they lack.

  prometheus_proof.py rules-file RULES_CRD OUT       write the PrometheusRule's groups as a plain rule file
  prometheus_proof.py queries DASHBOARD RULES_CRD    list every query (panel targets, variables, alerts)
  prometheus_proof.py check URL DASHBOARD RULES_CRD  evaluate them all; exit 1 when any returns no series
"""
import json
import re
import sys
import urllib.parse
import urllib.request

import yaml

# Dashboard variables as the proof's Prometheus sees them: every agent of the one namespace.
VARIABLES = {
    "namespace": "paperorchestra",
    "application": ".*",
    "__rate_interval": "1m",
    "__interval": "15s",
    "__range": "5m",
}
PROMQL_WORDS = {
    "sum", "min", "max", "avg", "count", "stddev", "stdvar", "topk", "bottomk", "quantile", "count_values",
    "group", "by", "without", "on", "ignoring", "group_left", "group_right", "bool", "and", "or", "unless",
    "offset", "inf", "nan", "e",
}


def rule_groups(crd_path):
    with open(crd_path) as f:
        for document in yaml.safe_load_all(f):
            if document and document.get("kind") == "PrometheusRule":
                return document["spec"]["groups"]
    raise SystemExit(f"{crd_path}: no PrometheusRule")


def substitute(expr):
    def value(match):
        name = match.group(1) or match.group(2)
        if name not in VARIABLES:
            raise SystemExit(f"dashboard variable ${name} has no value in the proof; add it to VARIABLES")
        return VARIABLES[name]
    return re.sub(r"\$\{(\w+)\}|\$(\w+)", value, expr)


def dashboard_queries(path):
    with open(path) as f:
        dashboard = json.load(f)
    queries = []
    for variable in dashboard.get("templating", {}).get("list", []):
        if variable.get("type") == "query":
            query = variable.get("query")
            text = query.get("query") if isinstance(query, dict) else query
            match = re.fullmatch(r"\s*label_values\((.*),\s*(\w+)\)\s*", text)
            expr = match.group(1) if match else text
            queries.append((f"variable {variable['name']}", substitute(expr)))
    panels = list(dashboard.get("panels", []))
    while panels:
        panel = panels.pop(0)
        panels.extend(panel.get("panels", []))  # rows hold panels
        for target in panel.get("targets", []):
            if target.get("expr"):
                queries.append((f"panel '{panel.get('title')}' {target.get('refId', '')}".rstrip(),
                                substitute(target["expr"])))
    return queries


def last_top_level_comparison(expr):
    """Index just after the last comparison operator outside (), {}, [] and strings, or -1."""
    depth, quote, found, i = 0, None, -1, 0
    while i < len(expr):
        c = expr[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = None
        elif c in "\"'`":
            quote = c
        elif c in "({[":
            depth += 1
        elif c in ")}]":
            depth -= 1
        elif depth == 0 and c in "=!<>":
            two = expr[i:i + 2]
            if two in ("==", "!=", ">=", "<="):
                found = i + 2
                i += 1
            elif c in "<>":
                found = i + 1
        i += 1
    return found


def alert_queries(crd_path):
    """Each alert's expression with its final comparison made `bool`: the series the alert watches, whether
    or not it would fire now."""
    queries = []
    for group in rule_groups(crd_path):
        for rule in group["rules"]:
            expr = rule["expr"].strip()
            at = last_top_level_comparison(expr)
            if at > 0 and not expr[at:].lstrip().startswith("bool"):
                expr = expr[:at] + " bool" + expr[at:]
            kind = f"alert {rule['alert']}" if "alert" in rule else f"record {rule['record']}"
            queries.append((kind, expr))
    return queries


def metric_names(expr):
    text = re.sub(r'"(\\.|[^"\\])*"', '""', expr)
    text = re.sub(r"\{[^}]*\}", "{}", text)
    text = re.sub(r"\[[^\]]*\]", "[]", text)
    text = re.sub(r"\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)", " ", text)
    names = []
    for match in re.finditer(r"(?<![\w.])([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\()?", text):
        name, call = match.group(1), match.group(2)
        if call or name.lower() in PROMQL_WORDS or name in names:
            continue
        names.append(name)
    return names


def query(url, expr):
    data = urllib.parse.urlencode({"query": expr}).encode()
    with urllib.request.urlopen(f"{url}/api/v1/query", data=data, timeout=30) as response:
        body = json.load(response)
    if body.get("status") != "success":
        raise RuntimeError(body.get("error", body))
    return body["data"]["result"]


def check(url, dashboard, crd):
    queries = dashboard_queries(dashboard) + alert_queries(crd)
    failures, absent = 0, {}
    for label, expr in queries:
        try:
            result = query(url, expr)
        except Exception as e:  # a query Prometheus rejects fails the proof like an empty one
            print(f"FAIL {label}: {e}\n     {' '.join(expr.split())}")
            failures += 1
            continue
        if result:
            print(f"ok   {label}: {len(result)} series")
            continue
        failures += 1
        missing = [name for name in metric_names(expr) if not query(url, f'count({{__name__="{name}"}})')]
        for name in missing:
            absent.setdefault(name, []).append(label)
        why = f"no series for {', '.join(missing)}" if missing else "the metrics exist but this selection matches none"
        print(f"FAIL {label}: no series ({why})\n     {' '.join(expr.split())}")
    print(f"{len(queries) - failures} of {len(queries)} queries return series")
    if absent:
        print("metrics no agent exports in this run:")
        for name, labels in sorted(absent.items()):
            print(f"  {name}  (read by {len(labels)}: {'; '.join(labels)})")
    return 1 if failures else 0


def main(argv):
    if len(argv) == 4 and argv[1] == "rules-file":
        with open(argv[3], "w") as f:
            yaml.safe_dump({"groups": rule_groups(argv[2])}, f, sort_keys=False)
        return 0
    if len(argv) == 4 and argv[1] == "queries":
        for label, expr in dashboard_queries(argv[2]) + alert_queries(argv[3]):
            print(f"{label}\t{' '.join(expr.split())}")
        return 0
    if len(argv) == 5 and argv[1] == "check":
        return check(argv[2], argv[3], argv[4])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
