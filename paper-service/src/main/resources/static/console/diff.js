// A line diff of two LaTeX versions for the paper page, so a reader sees what each kept revision changed.
// Plain JavaScript, no library: the longest common subsequence of lines, with long unchanged runs folded.
"use strict";
window.PoDiff = (function () {
  // beyond this many line pairs the table would hold too much for a browser tab; the page says so instead
  const MAX_CELLS = 4000000;

  // [{op: "=", "-" or "+", line}], in order; null when the texts are too long to compare here
  function lines(before, after) {
    const a = before.split("\n");
    const b = after.split("\n");
    // common head and tail first: revisions touch a few sections, so the table stays small
    let head = 0;
    while (head < a.length && head < b.length && a[head] === b[head]) head++;
    let tail = 0;
    while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
    const x = a.slice(head, a.length - tail);
    const y = b.slice(head, b.length - tail);
    if ((x.length + 1) * (y.length + 1) > MAX_CELLS) return null;
    const width = y.length + 1;
    const lcs = new Int32Array((x.length + 1) * width);
    for (let i = x.length - 1; i >= 0; i--) {
      for (let j = y.length - 1; j >= 0; j--) {
        lcs[i * width + j] = x[i] === y[j] ? lcs[(i + 1) * width + j + 1] + 1
          : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
      }
    }
    const ops = a.slice(0, head).map((line) => ({op: "=", line: line}));
    let i = 0, j = 0;
    while (i < x.length || j < y.length) {
      if (i < x.length && j < y.length && x[i] === y[j]) { ops.push({op: "=", line: x[i]}); i++; j++; }
      else if (j < y.length && (i === x.length || lcs[i * width + j + 1] > lcs[(i + 1) * width + j])) {
        ops.push({op: "+", line: y[j]}); j++;
      } else { ops.push({op: "-", line: x[i]}); i++; }
    }
    a.slice(a.length - tail).forEach((line) => ops.push({op: "=", line: line}));
    return ops;
  }

  // the ops with unchanged runs longer than 2 * context folded into {op: "…", count}
  function folded(ops, context) {
    const out = [];
    let run = [];
    const flush = (last) => {
      const keepBefore = out.length ? context : 0;
      const keepAfter = last ? 0 : context;
      if (run.length > keepBefore + keepAfter + 1) {
        run.slice(0, keepBefore).forEach((op) => out.push(op));
        out.push({op: "…", count: run.length - keepBefore - keepAfter});
        run.slice(run.length - keepAfter).forEach((op) => out.push(op));
      } else run.forEach((op) => out.push(op));
      run = [];
    };
    ops.forEach((op) => { if (op.op === "=") run.push(op); else { flush(false); out.push(op); } });
    flush(true);
    return out;
  }

  function node(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // a <details> holding the diff of two versions under the title; a text that could not be read is null
  function render(title, before, after, key) {
    const details = node("details", "diff");
    details.setAttribute("data-diff", key);
    if (before === null || after === null) {
      details.appendChild(node("summary", null, title + " (a version could not be read)"));
      return details;
    }
    const ops = lines(before, after);
    if (ops === null) {
      details.appendChild(node("summary", null, title + " (too long to compare here: download both from the bundle)"));
      return details;
    }
    const added = ops.filter((op) => op.op === "+").length;
    const removed = ops.filter((op) => op.op === "-").length;
    const count = (n, what) => n + " " + what + (n === 1 ? "" : "s");
    details.appendChild(node("summary", null, title + ": " + count(added, "line") + " added, " + count(removed, "line")
      + " removed"));
    const pre = node("pre", "diff-lines");
    folded(ops, 2).forEach((op) => {
      if (op.op === "…") pre.appendChild(node("span", "diff-fold", "… " + op.count + " unchanged lines\n"));
      else pre.appendChild(node("span", op.op === "+" ? "diff-add" : op.op === "-" ? "diff-del" : "diff-same",
        (op.op === "=" ? "  " : op.op + " ") + op.line + "\n"));
    });
    details.appendChild(pre);
    return details;
  }

  return {lines: lines, folded: folded, render: render};
})();
