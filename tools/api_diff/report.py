"""Conformance report: spec (mappings/spec) x our package (surface diff) x golden replay x mappings.

    python -m tools.api_diff report [--out reports] [--no-replay] [--groups g1,g2]
    paddle-compat report            (same, from a source checkout)

Writes reports/conformance.md, reports/conformance.html (self-contained, filterable and sortable) and
reports/status.json (per-API status, read by ``paddle-compat scan``; a copy goes to
paddle_compat/_api_status.json so an installed package can scan too). Nothing here is typed by hand:
every status is computed from the spec, our package and the replay of all goldens.

Goldens come from two sources: the case-format groups (tests/cases + tests/goldens, replayed in-process:
"goldens: cases") and test suites whose tests carry ``@pytest.mark.verifies("paddle.x", ...)`` (run in a
pytest subprocess by tools/api_diff/verifies.py, in parallel with the replay: "goldens: <suite>", e.g.
"goldens: optimizer"). A tagged test counts like a case: pass, fail (also XPASS(strict)), xfail (known
deviation), skip (not counted).

Per-API status (first that applies):
  missing    not in our package, or a ``__paddle_compat_stub__`` stub
  failing    at least one golden case or tagged test of the API fails
  deviation  known deviation: a case listed in mappings [xfail] (or an xfailing tagged test), or a
             ``deviation`` in mappings [apis]
  verified   at least one golden case in which Paddle returned a value, or a tagged test, passes; none fails
  errors-only  the only passing golden cases are ones in which Paddle raised (we raise the same exception type):
             evidence that bad input is refused, not that results are right
  present    present in our package, no golden case or tagged test yet (unverified)
"""

import datetime
import html
import json
import os
import sys
import time
from collections import Counter, defaultdict

from tools.api_diff import common, diff, mappings, replay, verifies
from tools.api_diff.common import ROOT

STATUSES = ("verified", "deviation", "errors-only", "present", "failing", "missing")
OFF_SPEC = "(not in the 2.6.2 spec)"
OPERATOR_DUNDER = {"and_": "and", "or_": "or", "truediv": "truediv", "index": "index", "abs": "abs"}
REFLECT_CMP = {"lt": "gt", "le": "ge", "gt": "lt", "ge": "le", "eq": "eq", "ne": "ne"}
BUILTIN_DUNDER = {"repr": "__repr__", "str": "__str__", "len": "__len__", "float": "__float__", "int": "__int__",
                  "bool": "__bool__", "abs": "__abs__", "complex": "__complex__", "format": "__format__",
                  "iter": "__iter__", "hash": "__hash__"}
PACKAGED_STATUS = os.path.join(ROOT, "paddle_compat", "_api_status.json")


def case_api_name(c):
    """The spec API name a case exercises (e.g. "operator.add" on a Tensor -> "paddle.Tensor.__add__")."""
    api = c.api
    head, _, rest = api.partition(".")
    if head == "Tensor":
        return "paddle.Tensor." + rest
    if head == "operator":
        op = rest.rstrip("_") if rest in ("and_", "or_") else rest
        first_is_tensor = bool(c.args) and isinstance(c.args[0], common.T) and not isinstance(c.args[0], common.A)
        if op in ("getitem", "setitem", "neg", "invert", "pos", "index", "abs", "contains"):
            return f"paddle.Tensor.__{op}__"
        if first_is_tensor:
            return f"paddle.Tensor.__{op}__"
        if op in REFLECT_CMP:
            return f"paddle.Tensor.__{REFLECT_CMP[op]}__"
        return f"paddle.Tensor.__r{op}__"
    if head == "builtins":
        return "paddle.Tensor." + BUILTIN_DUNDER.get(rest, f"__{rest}__")
    return api


def build_rows(spec, surface, results, maps, alias_check=True, tests=(), unknown=None):
    """One row per spec API (plus APIs that only cases mention). ``tests``: results of the tests marked
    ``verifies`` (tools/api_diff/verifies.py); their API names that are not rows go into ``unknown``
    ({api: [nodeid, ...]}) instead of rows."""
    per_api = defaultdict(Counter)
    fails = defaultdict(list)
    xfails = defaultdict(list)
    case_api = {}
    for group, c in replay.all_cases():
        if isinstance(c, Exception):
            continue
        case_api[(group, c.id)] = case_api_name(c)
    for r in results:
        api = case_api.get((r.group, r.id))
        if api is None:
            continue
        per_api[api][r.status] += 1
        if r.status == "pass" and replay.golden(r.group).cases.get(r.id, {}).get("status") == "error":
            per_api[api]["pass_error"] += 1
        if r.status in ("fail", "xpass"):
            fails[api].append(f"{r.group}::{r.id}: {r.message.splitlines()[0][:240] if r.message else ''}")
        if r.status == "xfail":
            xfails[api].append(maps.xfail_reason(r.group, r.id) or "")

    per_api_tests = defaultdict(Counter)
    test_suites = defaultdict(set)
    test_fails = defaultdict(list)
    test_xfails = defaultdict(list)
    for t in tests:
        for api in t["apis"]:
            if t["outcome"] == "skip":
                continue
            per_api_tests[api][t["outcome"]] += 1
            test_suites[api].add(t["suite"])
            if t["outcome"] in ("fail", "xpass"):
                test_fails[api].append(f"{t['nodeid']}: {(t.get('message') or '').strip()[:240]}")
            elif t["outcome"] == "xfail" and t.get("message"):
                test_xfails[api].append(t["message"])

    rows = []
    origins = defaultdict(list)
    for section in ("namespaces", "classes"):
        for ns, d in surface[section].items():
            want = spec[section][ns]["names"] if section == "namespaces" else spec[section][ns]
            for name, srow in d["rows"].items():
                api = f"{ns}.{name}"
                w = want.get(name, {})
                row = {"api": api, "namespace": ns + (" (members)" if section == "classes" else ""),
                       "name": name, "kind": w.get("kind", ""), "presence": srow["status"],
                       "sig": srow.get("sig", ""), "sig_diffs": srow.get("diffs", []), "doc": w.get("doc", "")}
                if w.get("origin") and w.get("kind") in ("function", "class"):
                    origins[w["origin"]].append(row)
                rows.append(row)
    known = {r["api"] for r in rows}
    for api in sorted(set(per_api) - known):
        rows.append({"api": api, "namespace": OFF_SPEC, "name": api, "kind": "",
                     "presence": "present", "sig": "", "sig_diffs": [], "doc": ""})

    if unknown is not None:
        known = {r["api"] for r in rows}
        for t in tests:
            for api in t["apis"]:
                if api not in known:
                    unknown.setdefault(api, []).append(t["nodeid"])
    for row in rows:
        api = row["api"]
        cnt = per_api.get(api, Counter())
        row["cases"] = dict(cnt)
        row["tests"] = dict(per_api_tests.get(api, Counter()))
        row["goldens"] = (["cases"] if any(cnt.get(k) for k in ("pass", "fail", "xfail", "xpass")) else []) \
            + sorted(test_suites.get(api, ()))
        row["failures"] = (fails.get(api, [])[:3] + test_fails.get(api, [])[:3])[:4]
        reasons = list(dict.fromkeys(x for x in xfails.get(api, []) + test_xfails.get(api, []) if x))
        dev = maps.deviation(api)
        if dev:
            reasons.insert(0, dev)
        row["deviation"] = "; ".join(reasons)[:600]
        row["verified_via"] = ""
    # an alias (same Paddle object under two names) is verified by the other name's cases when OUR
    # package also exports one object under both names
    if alias_check:
        for group in origins.values():
            if len(group) < 2:
                continue
            tested = [r for r in group if r["cases"] or r["tests"]]
            for r in group:
                if r["cases"] or r["tests"] or not tested or r["presence"] != "present":
                    continue
                src = tested[0]
                try:
                    same = diff.our_object(r["api"]) is diff.our_object(src["api"])
                except Exception:  # noqa: BLE001
                    same = False
                if same:
                    r["cases"] = dict(src["cases"])
                    r["tests"] = dict(src["tests"])
                    r["goldens"] = list(src["goldens"])
                    r["failures"] = src["failures"]
                    r["deviation"] = r["deviation"] or src["deviation"]
                    r["verified_via"] = src["api"]
    for row in rows:
        row["status"] = row_status(row)
    return rows


def row_status(row):
    if row["presence"] in ("missing", "stub"):
        return "missing"
    c = Counter(row["cases"])
    c.update(row.get("tests", {}))  # tagged tests (verifies marker) count like cases
    if c.get("fail") or c.get("xpass"):
        return "failing"
    if c.get("xfail") or row["deviation"]:
        return "deviation"
    if c.get("pass", 0) > c.get("pass_error", 0):
        return "verified"
    if c.get("pass"):
        return "errors-only"
    return "present"


def totals(rows):
    per_ns = defaultdict(Counter)
    for r in rows:
        per_ns[r["namespace"]][r["status"]] += 1
        per_ns[r["namespace"]]["total"] += 1
        if r["sig"] == "mismatch":
            per_ns[r["namespace"]]["sig_mismatch"] += 1
        if r["status"] == "verified" and any(g != "cases" for g in r.get("goldens", ())):
            per_ns[r["namespace"]]["via_suites"] += 1
    all_ = Counter()
    for ns, c in per_ns.items():
        if ns != OFF_SPEC:  # the totals are over the Paddle 2.6.2 spec only
            all_.update(c)
    return per_ns, all_


def case_totals(results):
    per_group = defaultdict(Counter)
    for r in results:
        per_group[r.group][r.status] += 1
    all_ = Counter()
    for c in per_group.values():
        all_.update(c)
    return per_group, all_


# ---------------------------------------------------------------- writers
def _pct(a, b):
    return f"{100.0 * a / b:.0f}%" if b else "-"


def goldens_str(row):
    """Where an API's goldens come from: "goldens: cases", "goldens: optimizer", "goldens: cases, data"."""
    return "goldens: " + ", ".join(row["goldens"]) if row.get("goldens") else ""


def write_status_json(path, rows, tot, ctot, meta, tests=()):
    per_suite, ttot, _ = verifies.totals(tests)
    data = {"generated": meta["generated"], "paddle_version": meta["paddle_version"],
            "totals": dict(tot), "case_totals": dict(ctot),
            "test_totals": {"all": dict(ttot), **{s: dict(c) for s, c in sorted(per_suite.items())}},
            "apis": {r["api"]: {"status": r["status"], "kind": r["kind"], "sig": r["sig"],
                                "cases": r["cases"], **({"deviation": r["deviation"]} if r["deviation"] else {}),
                                **({"goldens": r["goldens"]} if r.get("goldens") else {}),
                                **({"tests": r["tests"]} if r.get("tests") else {}),
                                **({"sig_diffs": r["sig_diffs"]} if r["sig_diffs"] else {})}
                     for r in rows}}
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(data, f, indent=0, sort_keys=True)
        f.write("\n")
    return data


def _failing(results):
    return [r for r in results if r.status in ("fail", "xpass", "missing-golden")]


def write_markdown(path, rows, per_ns, tot, per_group, ctot, meta, results=(), tests=(), unknown=None):
    per_suite, ttot, suite_apis = verifies.totals(tests)
    L = [f"# paddle-compat conformance (Paddle {meta['paddle_version']} API)", "",
         f"Generated {meta['generated']} by `python -m tools.api_diff report` from the spec "
         "(mappings/spec), our package, the replay of every golden case and mappings/*.toml. Do not edit.", "",
         "## Totals", "",
         f"- APIs in the spec: **{tot['total']}** — verified {tot['verified']}, known deviation {tot['deviation']}, "
         f"errors only {tot['errors-only']}, "
         f"present (unverified) {tot['present']}, failing {tot['failing']}, missing {tot['missing']}; "
         f"signature mismatches {tot['sig_mismatch']}",
         f"- Golden cases: **{sum(ctot.values())}** — pass {ctot['pass']}, fail {ctot['fail']}, "
         f"xfail {ctot['xfail']}, xpass {ctot['xpass']}, unrecorded/stale {ctot['missing-golden']}",
         f"- Golden tests of the test suites (`verifies` marker): **{sum(ttot.values())}** — pass {ttot['pass']}, "
         f"fail {ttot['fail']}, xfail {ttot['xfail']}, xpass {ttot['xpass']}, skipped {ttot['skip']}; APIs verified "
         f"through them: {tot['via_suites']}", "",
         "## Per namespace", "",
         "| namespace | APIs | verified | deviation | errors only | present | failing | missing | sig mismatch "
         "| implemented | verified via suites |",
         "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for ns in sorted(per_ns):
        c = per_ns[ns]
        impl = c["total"] - c["missing"]
        L.append(f"| {ns} | {c['total']} | {c['verified']} | {c['deviation']} | {c['errors-only']} | {c['present']} | "
                 f"{c['failing']} | "
                 f"{c['missing']} | {c['sig_mismatch']} | {_pct(impl, c['total'])} | {c['via_suites']} |")
    L += ["", "## Golden cases per group", "", "| group | cases | pass | fail | xfail | xpass | unrecorded |",
          "|---|---:|---:|---:|---:|---:|---:|"]
    for g in sorted(per_group):
        c = per_group[g]
        L.append(f"| {g} | {sum(c.values())} | {c['pass']} | {c['fail']} | {c['xfail']} | {c['xpass']} | "
                 f"{c['missing-golden']} |")
    if tests:
        L += ["", "## Golden test suites (`verifies` marker)", "",
              "| suite | tests | pass | fail | xfail | xpass | skipped | APIs tagged |",
              "|---|---:|---:|---:|---:|---:|---:|---:|"]
        for su in sorted(per_suite):
            c = per_suite[su]
            L.append(f"| {su} | {sum(c.values())} | {c['pass']} | {c['fail']} | {c['xfail']} | {c['xpass']} | "
                     f"{c['skip']} | {suite_apis[su]} |")
        tbad = [t for t in tests if t["outcome"] in ("fail", "xpass")]
        if tbad:
            L += ["", f"## Failing golden tests ({len(tbad)})", ""]
            for t in tbad[:200]:
                msg = (t.get("message") or "").strip()[:200].replace("|", "/")
                L.append(f"- `{t['nodeid']}` ({t['outcome']}): {msg}")
    if unknown:
        L += ["", "## Unknown API names in `verifies` markers (not in the spec; not credited)", ""]
        for api in sorted(unknown):
            more = f" (+{len(unknown[api]) - 1})" if len(unknown[api]) > 1 else ""
            L.append(f"- `{api}` — {unknown[api][0]}{more}")
    bad = _failing(results)
    if bad:
        L += ["", f"## Failing golden cases ({len(bad)})", ""]
        for r in bad[:400]:
            first = r.message.strip().splitlines()[0][:200].replace("|", "/") if r.message.strip() else ""
            L.append(f"- `{r.group}::{r.id}` ({r.status}): {first}")
        if len(bad) > 400:
            L.append(f"- ... {len(bad) - 400} more (see conformance.html)")
    L += ["", "## Failing APIs", ""]
    for r in sorted((r for r in rows if r["status"] == "failing"), key=lambda r: r["api"]):
        c = Counter(r["cases"])
        c.update(r.get("tests", {}))
        L.append(f"- `{r['api']}` — {c.get('fail', 0) + c.get('xpass', 0)} failing / {sum(c.values())} cases and "
                 f"tests ({goldens_str(r)})")
        for f in r["failures"][:2]:
            L.append(f"  - {f.replace('|', '/')}")
    L += ["", "## APIs verified by test-suite goldens", ""]
    by_ns = defaultdict(list)
    for r in rows:
        if r["status"] == "verified" and any(g != "cases" for g in r.get("goldens", ())):
            by_ns[r["namespace"]].append(f"`{r['name']}` ({goldens_str(r)})")
    for ns in sorted(by_ns):
        L.append(f"- **{ns}** ({len(by_ns[ns])}): " + ", ".join(by_ns[ns]))
    L += ["", "## Known deviations", ""]
    for r in sorted((r for r in rows if r["status"] == "deviation"), key=lambda r: r["api"]):
        L.append(f"- `{r['api']}` — {r['deviation']}")
    L += ["", "## Signature mismatches", ""]
    for r in sorted((r for r in rows if r["sig"] == "mismatch"), key=lambda r: r["api"]):
        L.append(f"- `{r['api']}` — {'; '.join(r['sig_diffs'])}")
    L += ["", "## Missing APIs (absent or stub)", ""]
    by_ns = defaultdict(list)
    for r in rows:
        if r["status"] == "missing":
            by_ns[r["namespace"]].append(f"`{r['name']}`" + (" (stub)" if r["presence"] == "stub" else ""))
    for ns in sorted(by_ns):
        L.append(f"- **{ns}** ({len(by_ns[ns])}): " + ", ".join(by_ns[ns]))
    L.append("")
    with open(path, "w") as f:
        f.write("\n".join(L))


_CSS = """
body{font:14px/1.4 system-ui,-apple-system,Segoe UI,sans-serif;margin:1.5em;color:#222}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.5em}
table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #ddd;padding:3px 7px;vertical-align:top}
th{background:#f3f3f3;cursor:pointer;user-select:none;position:sticky;top:0}th.sorted-asc:after{content:" \\25B2"}
th.sorted-desc:after{content:" \\25BC"}td.n{text-align:right}
.s-verified{background:#d8f5d8}.s-deviation{background:#fff1c9}.s-present{background:#eef}.s-errors-only{background:#f3e6f7}
.s-failing{background:#ffd6d6}.s-missing{background:#e6e6e6;color:#666}
#controls{margin:.6em 0;display:flex;gap:.6em;flex-wrap:wrap;align-items:center}
#controls input[type=search]{width:22em;padding:3px}.small{font-size:12px;color:#555}
.bar{display:inline-block;height:10px;vertical-align:middle}
details summary{cursor:pointer}code{font-size:12px}
"""

_JS = r"""
const DATA = JSON.parse(document.getElementById('data').textContent);
const tbody = document.querySelector('#apis tbody');
const q = document.getElementById('q'), st = document.getElementById('st'), ns = document.getElementById('ns');
const sig = document.getElementById('sig');
let sortKey = 'api', sortDir = 1;
function esc(s){return String(s).replace(/[&<>"]/g,c=>({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));}
function caseStr(c){const p=c.pass||0,f=(c.fail||0)+(c.xpass||0),x=c.xfail||0,u=c['missing-golden']||0;
  return [p?p+' pass':'',f?f+' fail':'',x?x+' xfail':'',u?u+' unrecorded':''].filter(Boolean).join(', ');}
function nCases(c){let n=0;for(const k in c)n+=c[k];return n;}
function val(r,k){if(k==='cases'||k==='tests')return nCases(r[k]||{});return r[k]||'';}
function render(){
  const text=q.value.toLowerCase(), s=st.value, n=ns.value, g=sig.value;
  let rows=DATA.filter(r=>(!s||r.status===s)&&(!n||r.namespace===n)&&(!g||r.sig===g)&&
    (!text||(r.api+' '+r.deviation+' '+r.doc+' goldens: '+(r.goldens||[]).join(', ')).toLowerCase().includes(text)));
  rows.sort((a,b)=>{const x=val(a,sortKey),y=val(b,sortKey);return (x<y?-1:x>y?1:0)*sortDir;});
  const out=[];
  for(const r of rows.slice(0,3000)){
    let detail='';
    if(r.failures.length)detail+='<details><summary>failures</summary><pre>'+esc(r.failures.join('\n'))+'</pre></details>';
    if(r.sig_diffs.length)detail+='<div class="small">signature: '+esc(r.sig_diffs.join('; '))+'</div>';
    if(r.deviation)detail+='<div class="small">deviation: '+esc(r.deviation)+'</div>';
    if(r.verified_via)detail+='<div class="small">cases of alias '+esc(r.verified_via)+'</div>';
    const gold=(r.goldens&&r.goldens.length)?'<div class="small">goldens: '+esc(r.goldens.join(', '))+'</div>':'';
    out.push('<tr class="s-'+r.status+'"><td><code>'+esc(r.api)+'</code><div class="small">'+esc(r.doc)+
      '</div></td><td>'+esc(r.namespace)+'</td><td>'+esc(r.kind)+'</td><td>'+esc(r.status)+'</td><td>'+
      esc(r.sig)+'</td><td>'+esc(caseStr(r.cases))+gold+'</td><td>'+esc(caseStr(r.tests||{}))+'</td><td>'+detail+
      '</td></tr>');
  }
  tbody.innerHTML=out.join('');
  document.getElementById('count').textContent=rows.length+' of '+DATA.length+' APIs';
}
document.querySelectorAll('#apis th[data-k]').forEach(th=>th.addEventListener('click',()=>{
  const k=th.dataset.k; if(sortKey===k)sortDir=-sortDir; else {sortKey=k;sortDir=1;}
  document.querySelectorAll('#apis th').forEach(t=>t.classList.remove('sorted-asc','sorted-desc'));
  th.classList.add(sortDir>0?'sorted-asc':'sorted-desc'); render();}));
function sortable(id){const t=document.getElementById(id);if(!t)return;
  t.querySelectorAll('th').forEach((th,i)=>th.addEventListener('click',()=>{
    const body=t.tBodies[0], rs=[...body.rows], d=th.dataset.dir==='1'?-1:1; th.dataset.dir=d;
    rs.sort((a,b)=>{const x=a.cells[i].textContent,y=b.cells[i].textContent,nx=parseFloat(x),ny=parseFloat(y);
      return (isNaN(nx)||isNaN(ny)?x.localeCompare(y):nx-ny)*d;});
    rs.forEach(r=>body.appendChild(r));}));}
sortable('nstab'); sortable('gtab'); sortable('ftab'); sortable('stab');
[q,st,ns,sig].forEach(e=>e.addEventListener('input',render));
// preset filters from the URL: conformance.html#status=failing&ns=paddle.nn&q=conv&sig=mismatch
for(const kv of location.hash.slice(1).split('&')){const [k,v]=kv.split('=').map(decodeURIComponent);
  if(k==='status')st.value=v; else if(k==='ns')ns.value=v; else if(k==='q')q.value=v; else if(k==='sig')sig.value=v;}
document.querySelectorAll('#nstab td.nsname').forEach(td=>td.addEventListener('click',()=>{
  ns.value=td.textContent;render();document.getElementById('apis').scrollIntoView();}));
render();
"""


def write_html(path, rows, per_ns, tot, per_group, ctot, meta, results=(), tests=()):
    e = html.escape
    per_suite, ttot, suite_apis = verifies.totals(tests)
    s_rows = []
    for su in sorted(per_suite):
        c = per_suite[su]
        s_rows.append(f"<tr><td>{e(su)}</td><td class='n'>{sum(c.values())}</td>"
                      + "".join(f"<td class='n'>{c[k]}</td>" for k in ("pass", "fail", "xfail", "xpass", "skip"))
                      + f"<td class='n'>{suite_apis[su]}</td></tr>")
    for t in tests:
        if t["outcome"] in ("fail", "xpass"):
            s_rows.append(f"<tr><td colspan='8' class='small'>{e(t['outcome'])}: <code>{e(t['nodeid'])}</code> "
                          f"{e((t.get('message') or '')[:400])}</td></tr>")
    colors = {"verified": "#5cb85c", "deviation": "#f0ad4e", "errors-only": "#b07cc6", "present": "#8a8fd8",
              "failing": "#d9534f", "missing": "#bbb"}
    ns_rows = []
    for ns in sorted(per_ns):
        c = per_ns[ns]
        bar = "".join(f'<span class="bar" style="width:{120 * c[s] / max(c["total"], 1):.1f}px;background:'
                      f'{colors[s]}" title="{s} {c[s]}"></span>' for s in STATUSES)
        impl = c["total"] - c["missing"]
        ns_rows.append(f'<tr><td class="nsname" style="cursor:pointer">{e(ns)}</td><td class="n">{c["total"]}</td>'
                       + "".join(f'<td class="n">{c[s]}</td>' for s in STATUSES)
                       + f'<td class="n">{c["sig_mismatch"]}</td><td class="n">{_pct(impl, c["total"])}</td>'
                       f'<td class="n">{c["via_suites"]}</td><td>{bar}</td></tr>')
    g_rows = []
    for g in sorted(per_group):
        c = per_group[g]
        g_rows.append(f"<tr><td>{e(g)}</td><td class='n'>{sum(c.values())}</td>"
                      + "".join(f"<td class='n'>{c[k]}</td>" for k in ("pass", "fail", "xfail", "xpass",
                                                                       "missing-golden")) + "</tr>")
    bad = _failing(results)
    f_rows = []
    for r in bad:
        first, _, rest = r.message.strip().partition("\n")
        more = f"<details><summary>more</summary><pre>{e(rest[:3000])}</pre></details>" if rest.strip() else ""
        f_rows.append(f"<tr><td><code>{e(r.group)}::{e(r.id)}</code></td><td>{e(r.status)}</td>"
                      f"<td>{e(first[:400])}{more}</td></tr>")
    nss = sorted({r["namespace"] for r in rows})
    data = json.dumps([{k: r[k] for k in ("api", "namespace", "kind", "status", "sig", "sig_diffs", "cases",
                                          "failures", "deviation", "doc", "verified_via")}
                       | {"tests": r.get("tests", {}), "goldens": r.get("goldens", [])} for r in rows],
                      separators=(",", ":")).replace("</", "<\\/")
    legend = " ".join(f'<span class="s-{s}" style="padding:1px 6px">{s}</span>' for s in STATUSES)
    doc = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>paddle-compat conformance</title>
<style>{_CSS}</style></head><body>
<h1>paddle-compat conformance — Paddle {e(meta['paddle_version'])} API</h1>
<p class="small">Generated {e(meta['generated'])} by <code>python -m tools.api_diff report</code>: spec
(mappings/spec) &times; our package &times; replay of every golden case &times; mappings/*.toml. {legend}</p>
<p><b>{tot['total']}</b> APIs: <b>{tot['verified']}</b> verified, {tot['deviation']} known deviation,
{tot['present']} present (unverified), <b>{tot['failing']}</b> failing, {tot['missing']} missing;
{tot['sig_mismatch']} signature mismatches. Golden cases: <b>{sum(ctot.values())}</b> ({ctot['pass']} pass,
{ctot['fail']} fail, {ctot['xfail']} xfail, {ctot['xpass']} xpass, {ctot['missing-golden']} unrecorded/stale).
Golden tests of the test suites (<code>verifies</code> marker): <b>{sum(ttot.values())}</b> ({ttot['pass']} pass,
{ttot['fail']} fail, {ttot['xfail']} xfail, {ttot['xpass']} xpass, {ttot['skip']} skipped);
{tot['via_suites']} APIs verified through them.</p>
<h2>Per namespace</h2>
<table id="nstab"><thead><tr><th>namespace</th><th>APIs</th>{''.join(f'<th>{s}</th>' for s in STATUSES)}
<th>sig mismatch</th><th>implemented</th><th>verified via suites</th><th>breakdown</th></tr></thead>
<tbody>{''.join(ns_rows)}</tbody></table>
<h2>APIs</h2>
<div id="controls"><input type="search" id="q" placeholder="filter: name, deviation, doc...">
<select id="st"><option value="">any status</option>{''.join(f'<option>{s}</option>' for s in STATUSES)}</select>
<select id="ns"><option value="">any namespace</option>{''.join(f'<option>{e(n)}</option>' for n in nss)}</select>
<select id="sig"><option value="">any signature</option><option>match</option><option>mismatch</option>
<option>unknown</option></select><span id="count" class="small"></span></div>
<table id="apis"><thead><tr><th data-k="api">API</th><th data-k="namespace">namespace</th><th data-k="kind">kind</th>
<th data-k="status">status</th><th data-k="sig">signature</th><th data-k="cases">golden cases</th>
<th data-k="tests">golden tests</th><th>details</th>
</tr></thead><tbody></tbody></table>
<h2>Golden cases per group</h2>
<table id="gtab"><thead><tr><th>group</th><th>cases</th><th>pass</th><th>fail</th><th>xfail</th><th>xpass</th>
<th>unrecorded</th></tr></thead><tbody>{''.join(g_rows)}</tbody></table>
<h2>Golden test suites (<code>verifies</code> marker)</h2>
<table id="stab"><thead><tr><th>suite</th><th>tests</th><th>pass</th><th>fail</th><th>xfail</th><th>xpass</th>
<th>skipped</th><th>APIs tagged</th></tr></thead><tbody>{''.join(s_rows)}</tbody></table>
<h2>Failing golden cases ({len(bad)})</h2>
<table id="ftab"><thead><tr><th>case</th><th>status</th><th>message</th></tr></thead><tbody>{''.join(f_rows)}
</tbody></table>
<script type="application/json" id="data">{data}</script>
<script>{_JS}</script>
</body></html>
"""
    with open(path, "w") as f:
        f.write(doc)


def generate(out_dir=os.path.join(ROOT, "reports"), replay_goldens=True, groups=None, quiet=False,
             packaged_copy=True, run_tests=None, test_paths=verifies.DEFAULT_PATHS):
    """``run_tests``: run the tests marked ``verifies`` (default: when replaying all groups)."""
    import warnings

    warnings.simplefilter("ignore")
    t0 = time.time()
    if run_tests is None:
        run_tests = replay_goldens and groups is None
    # the tagged tests run in a pytest subprocess, in parallel with the in-process replay
    test_run = verifies.Run(test_paths) if run_tests else None
    spec = diff.load_spec()
    surface = diff.run(spec)
    results = []
    if replay_goldens:
        n = [0]

        def progress(r):
            n[0] += 1
            if not quiet and n[0] % 500 == 0:
                print(f"  replayed {n[0]} cases ({time.time() - t0:.0f}s)", file=sys.stderr)

        results = replay.run_all(groups=groups, progress=progress)
    tests = []
    if test_run is not None:
        if not quiet:
            print(f"  waiting for the verifies-tagged tests ({time.time() - t0:.0f}s)", file=sys.stderr)
        tests = test_run.results()
    maps = mappings.load()
    unknown = {}
    rows = build_rows(spec, surface, results, maps, tests=tests, unknown=unknown)
    per_ns, tot = totals(rows)
    per_group, ctot = case_totals(results)
    meta = {"generated": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "paddle_version": spec.get("paddle_version", "2.6.2")}
    os.makedirs(out_dir, exist_ok=True)
    status = write_status_json(os.path.join(out_dir, "status.json"), rows, tot, ctot, meta, tests)
    if packaged_copy:
        with open(PACKAGED_STATUS, "w") as f:
            json.dump({"generated": meta["generated"], "paddle_version": meta["paddle_version"],
                       "apis": {k: {"status": v["status"], **({"deviation": v["deviation"]} if "deviation" in v
                                                              else {})}
                                for k, v in status["apis"].items()}}, f, separators=(",", ":"), sort_keys=True)
            f.write("\n")
    write_markdown(os.path.join(out_dir, "conformance.md"), rows, per_ns, tot, per_group, ctot, meta, results,
                   tests, unknown)
    write_html(os.path.join(out_dir, "conformance.html"), rows, per_ns, tot, per_group, ctot, meta, results, tests)
    if packaged_copy and replay_goldens and groups is None and out_dir == os.path.join(ROOT, "reports"):
        common.stamp_freshness("report")
    if not quiet:
        print(f"APIs {tot['total']}: verified {tot['verified']}, deviation {tot['deviation']}, present "
              f"{tot['present']}, failing {tot['failing']}, missing {tot['missing']}, sig-mismatch "
              f"{tot['sig_mismatch']}")
        print(f"golden cases {sum(ctot.values())}: " + ", ".join(f"{k} {v}" for k, v in sorted(ctot.items())))
        if tests:
            ttot = verifies.totals(tests)[1]
            print(f"golden tests (verifies marker) {len(tests)}: "
                  + ", ".join(f"{k} {v}" for k, v in sorted(ttot.items()))
                  + f"; APIs verified through them {tot['via_suites']}")
        for api in sorted(unknown):
            print(f"WARNING: verifies marker names {api!r}, not a spec API ({unknown[api][0]})", file=sys.stderr)
        for ns in sorted(per_ns):
            c = per_ns[ns]
            print(f"  {ns:40s} {c['total']:4d}  " + "  ".join(f"{s} {c[s]}" for s in STATUSES)
                  + f"  (via suites {c['via_suites']})")
        print(f"wrote {out_dir}/conformance.md, conformance.html, status.json ({time.time() - t0:.0f}s)")
    return rows, results


def main(argv):
    import argparse

    ap = argparse.ArgumentParser(prog="python -m tools.api_diff report")
    ap.add_argument("--out", default=os.path.join(ROOT, "reports"))
    ap.add_argument("--no-replay", action="store_true", help="skip the golden replay (every API unverified)")
    ap.add_argument("--groups", help="comma-separated case groups to replay (default: all; skips the tagged tests "
                                     "unless --tests)")
    ap.add_argument("--no-tests", action="store_true", help="do not run the tests marked verifies")
    ap.add_argument("--tests", action="store_true", help="run the tests marked verifies even with --groups")
    ap.add_argument("-q", "--quiet", action="store_true")
    a = ap.parse_args(argv)
    groups = set(a.groups.split(",")) if a.groups else None
    run_tests = False if (a.no_tests or a.no_replay) else (True if a.tests else None)
    generate(a.out, replay_goldens=not a.no_replay, groups=groups, quiet=a.quiet,
             packaged_copy=groups is None and not a.no_replay and run_tests is not False, run_tests=run_tests)
    return 0
