// The diff of two LaTeX versions for the paper page, so a reader sees what each kept revision changed: the lines
// that changed, and inside them the words that changed (a LaTeX paragraph is often one long line, and a one-word
// edit must not read as the whole paragraph rewritten). The comparing is jsdiff's (vendor/jsdiff, loaded before
// this file); this file pairs its line and word changes and draws them.
"use strict";
window.PoDiff = (function () {
  // how long the word comparison of one changed block may take before that block is shown as whole lines;
  // the line comparison itself has no limit (Myers' algorithm: a whole paper rewritten is still quick)
  const WORD_TIMEOUT_MS = 1500;

  function split(value) {
    const lines = value.split("\n");
    if (lines[lines.length - 1] === "") lines.pop();
    return lines;
  }

  // one side of a word diff cut back into lines: each line a list of {text, changed}
  function side(changes, mark) {
    const out = [[]];
    changes.forEach((change) => change.value.split("\n").forEach((piece, i) => {
      if (i > 0) out.push([]);
      if (piece) out[out.length - 1].push({text: piece, changed: !!change[mark]});
    }));
    if (out.length > 1 && out[out.length - 1].length === 0) out.pop();
    return out;
  }

  // removed lines followed by added ones: one replaced block, compared word by word
  function replaced(ops, removed, added) {
    const words = window.Diff.diffWordsWithSpace(removed, added, {timeout: WORD_TIMEOUT_MS});
    if (!words) {
      split(removed).forEach((line) => ops.push({op: "-", line: line}));
      split(added).forEach((line) => ops.push({op: "+", line: line}));
      return;
    }
    const text = (parts) => parts.map((part) => part.text).join("");
    side(words.filter((w) => !w.added), "removed").forEach((parts) => ops.push({op: "-", line: text(parts), parts: parts}));
    side(words.filter((w) => !w.removed), "added").forEach((parts) => ops.push({op: "+", line: text(parts), parts: parts}));
  }

  // [{op: "=", "-" or "+", line, parts?}], in order, removed lines before the added ones that replace them;
  // a changed line's parts say which of its words changed
  function lines(before, after) {
    const changes = window.Diff.diffLines(before, after);
    const ops = [];
    for (let k = 0; k < changes.length; k++) {
      const change = changes[k];
      const next = changes[k + 1];
      if (change.removed && next && next.added) { replaced(ops, change.value, next.value); k++; continue; }
      const op = change.added ? "+" : change.removed ? "-" : "=";
      split(change.value).forEach((line) => ops.push({op: op, line: line}));
    }
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

  // one drawn line: a +/- prefix, and the changed words in <del> or <ins> so the change does not rest on colour
  function drawn(op) {
    if (op.op === "…") return node("span", "diff-fold", "… " + op.count + " unchanged lines\n");
    const line = node("span", op.op === "+" ? "diff-add" : op.op === "-" ? "diff-del" : "diff-same",
      op.op === "=" ? "  " : op.op + " ");
    const partial = op.parts && op.parts.some((part) => !part.changed);
    if (partial) {
      op.parts.forEach((part) => line.appendChild(part.changed
        ? node(op.op === "+" ? "ins" : "del", null, part.text) : document.createTextNode(part.text)));
    } else line.appendChild(document.createTextNode(op.line));
    line.appendChild(document.createTextNode("\n"));
    return line;
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
    const added = ops.filter((op) => op.op === "+").length;
    const removed = ops.filter((op) => op.op === "-").length;
    const count = (n, what) => n + " " + what + (n === 1 ? "" : "s");
    details.appendChild(node("summary", null, title + ": " + count(added, "line") + " added, " + count(removed, "line")
      + " removed"));
    // scrollable, so it takes the focus: a keyboard scrolls it with the arrow keys
    const pre = node("pre", "diff-lines");
    pre.tabIndex = 0;
    folded(ops, 2).forEach((op) => pre.appendChild(drawn(op)));
    details.appendChild(pre);
    return details;
  }

  return {lines: lines, folded: folded, render: render};
})();
