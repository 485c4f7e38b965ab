// The PaperOrchestra console: one page, routed by its fragment (#/papers, #/submit, #/paper/<id>, #/operations).
// Every data call goes to the paper service's API with the bearer token from sessionStorage in the
// Authorization header; the token is never put in a URL. Text from the service is set as textContent only.
"use strict";
(function () {
  const TOKEN_KEY = "po.console.token";
  const STATE_LABELS = {
    SUBMITTED: "Submitted", RUNNING: "Running", AWAITING_APPROVAL: "Waiting for approval",
    COMPLETED: "Completed", INCOMPLETE: "Incomplete", FAILED: "Failed", CANCELLED: "Cancelled"
  };
  // written outputs: a COMPLETED paper and an INCOMPLETE one (written, but without a PDF or with a failed gate)
  const WRITTEN = ["COMPLETED", "INCOMPLETE"];
  const GATE_HELP = {
    outline: "The outline agent has planned the paper: its sections, the figures to draw and the literature to " +
      "search. Nothing else has started and no model is called while it waits. Read the plan below; edit the " +
      "JSON to correct it (for example a section or figure title, or a figure you do not want), then approve " +
      "to let literature search and plotting begin, or reject with a reason to end the paper.",
    citations: "The verified citation pool waits for you: remove entries you do not want cited, then approve.",
    figures: "The rendered figures wait for you: drop a figure you do not want, then approve.",
    final: "The review loop is done and the finished paper waits for you: the version the refine loop kept, " +
      "compiled. Open the PDF and read it. Approve to complete the paper (its PDF, LaTeX, figures and reviews " +
      "then appear on this page and in the bundle), or reject with a reason in the note to end it. Nothing can " +
      "be edited at this gate, and no model is called while it waits."
  };
  const GATE_NAMES = {outline: "the outline", citations: "the citation pool", figures: "the figures",
    final: "the finished paper"};
  const $ = (id) => document.getElementById(id);
  let refreshTimer = null;
  let stream = null;
  let currentPaper = null;
  let pendingFile = null;
  const blobUrls = [];

  // ---- calls to the service -------------------------------------------------------------------------------
  function token() { return sessionStorage.getItem(TOKEN_KEY) || ""; }
  function headers(extra) {
    const h = Object.assign({}, extra || {});
    if (token()) h["Authorization"] = "Bearer " + token();
    return h;
  }
  class ApiError extends Error {
    constructor(status, body) {
      super(body && body.problem ? body.problem : "the service answered " + status);
      this.status = status;
      this.body = body;
    }
  }
  async function call(path, options) {
    const opts = Object.assign({}, options || {});
    opts.headers = headers(opts.headers);
    opts.cache = "no-store";
    const response = await fetch(path, opts);
    if (response.status === 401) {
      sessionStorage.removeItem(TOKEN_KEY);
      route();
      throw new ApiError(401, {problem: "sign in again: the token was not accepted"});
    }
    if (!response.ok) {
      let body = null;
      try { body = await response.json(); } catch (ignored) { /* not JSON */ }
      throw new ApiError(response.status, body);
    }
    return response;
  }
  async function json(path, options) { return (await call(path, options)).json(); }
  function fileUrl(id, name) {
    return "/papers/" + encodeURIComponent(id) + "/files/" + name.split("/").map(encodeURIComponent).join("/");
  }
  async function blobUrl(id, name) {
    const blob = await (await call(fileUrl(id, name))).blob();
    const url = URL.createObjectURL(blob);
    blobUrls.push(url);
    return url;
  }

  // ---- small DOM helpers ----------------------------------------------------------------------------------
  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([key, value]) => {
      if (key === "text") node.textContent = value;
      else if (key === "className") node.className = value;
      else node.setAttribute(key, value);
    });
    (children || []).forEach((child) => node.appendChild(typeof child === "string"
      ? document.createTextNode(child) : child));
    return node;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  function row(cells) {
    return el("tr", {}, cells.map((cell) => cell instanceof Node ? el("td", {}, [cell]) : el("td", {text: String(cell)})));
  }
  // A poll's rows put into the table in place, matched by key: a row whose key stays keeps its element, and a
  // cell whose content is the same is not touched, so a link that has the keyboard focus keeps it (a rebuilt
  // table would drop the focus to the page on every poll). cells(item) gives strings and nodes, as row() takes.
  function syncRows(body, items, key, cells) {
    const wanted = new Map(items.map((item) => [String(key(item)), item]));
    Array.from(body.rows).forEach((tr) => { if (!wanted.has(tr.dataset.key)) tr.remove(); });
    const have = new Map(Array.from(body.rows).map((tr) => [tr.dataset.key, tr]));
    let index = 0;
    wanted.forEach((item, k) => {
      let tr = have.get(k);
      if (!tr) { tr = el("tr"); tr.dataset.key = k; }
      const values = cells(item);
      while (tr.cells.length < values.length) tr.appendChild(el("td"));
      while (tr.cells.length > values.length) tr.lastElementChild.remove();
      values.forEach((value, i) => setCell(tr.cells[i], value));
      // moved only when out of place: moving an element takes the focus from it
      if (body.rows[index] !== tr) body.insertBefore(tr, body.rows[index] || null);
      index++;
    });
  }
  function setCell(td, value) {
    if (value instanceof Node) {
      const same = td.childNodes.length === 1 && td.firstChild.isEqualNode(value);
      if (!same) td.replaceChildren(value);
    } else if (td.children.length || td.textContent !== String(value)) td.textContent = String(value);
  }
  // A state change told to a screen reader through the polite live region; callers tell each change once.
  function announce(message) {
    if (message) $("announce").textContent = message;
  }
  function badge(state) {
    return el("span", {className: "badge state-" + String(state).toLowerCase(), text: STATE_LABELS[state] || state});
  }
  function show(node, visible) { node.hidden = !visible; }
  function noPaper(id) {
    return "No paper " + id + " here.";
  }
  function flash(message) {
    const f = $("flash");
    f.textContent = message;
    show(f, !!message);
  }
  function showError(node, error) {
    node.textContent = error ? (error.message || String(error)) : "";
    show(node, !!error);
  }
  function age(iso) {
    if (!iso) return "";
    const seconds = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
    if (seconds < 60) return Math.round(seconds) + " s ago";
    if (seconds < 3600) return Math.round(seconds / 60) + " min ago";
    if (seconds < 86400) return Math.round(seconds / 3600) + " h ago";
    return Math.round(seconds / 86400) + " d ago";
  }
  function duration(seconds) {
    if (seconds < 60) return Math.round(seconds) + " s";
    if (seconds < 3600) return Math.round(seconds / 60) + " min";
    if (seconds < 86400) return (seconds / 3600).toFixed(1) + " h";
    return (seconds / 86400).toFixed(1) + " d";
  }
  function usd(value) {
    if (value == null) return "—";
    return "$" + Number(value).toFixed(value > 0 && value < 1 ? 4 : 2);
  }

  // ---- routing --------------------------------------------------------------------------------------------
  function stopLive() {
    if (refreshTimer) { clearInterval(refreshTimer); refreshTimer = null; }
    if (stream) { stream.abort(); stream = null; }
    while (blobUrls.length) URL.revokeObjectURL(blobUrls.pop());
  }
  async function signedIn() {
    if (token()) return true;
    // a service without tokens (loopback only) answers without one
    try {
      const response = await fetch("/papers?size=1", {cache: "no-store"});
      return response.ok;
    } catch (e) { return false; }
  }
  async function route() {
    stopLive();
    flash("");
    document.querySelectorAll(".view").forEach((view) => { view.hidden = true; });
    const hash = location.hash || "#/papers";
    if (!(await signedIn())) {
      show($("nav"), false);
      show($("view-login"), true);
      document.title = "Sign in · PaperOrchestra console";
      $("token").focus();
      return;
    }
    show($("nav"), true);
    show($("logout"), !!token());
    showPrincipal();
    const parts = hash.slice(2).split("/");
    const name = parts[0] || "papers";
    document.querySelectorAll("[data-nav]").forEach((link) => {
      if (link.dataset.nav === name) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    });
    if (name === "submit") showSubmit();
    else if (name === "paper" && parts[1]) showPaper(decodeURIComponent(parts.slice(1).join("/")));
    else if (name === "operations") showOperations();
    else showPapers();
    // a screen reader starts reading the new view at its heading, and Tab goes on from there
    const view = document.querySelector(".view:not([hidden])");
    if (view) view.querySelector("h1").focus();
  }

  // ---- who is signed in: the principal's tenant, and the operations page only for the operate role ---------
  let principal = null;
  async function showPrincipal() {
    if (!principal || principal.token !== token()) {
      let me = null;
      try { me = await json("/me"); } catch (ignored) { /* a service before tenants: show everything */ }
      principal = {token: token(), me: me};
    }
    const me = principal.me;
    $("whoami").textContent = me ? me.name + " (tenant " + me.tenant + ")" : "";
    show(document.querySelector("a[data-nav=operations]"),
      !me || me.roles.includes("operate") || me.roles.includes("admin"));
  }

  // ---- login ----------------------------------------------------------------------------------------------
  async function login(event) {
    event.preventDefault();
    const given = $("token").value.trim();
    const response = await fetch("/papers?size=1", {headers: {"Authorization": "Bearer " + given}, cache: "no-store"});
    if (!response.ok) {
      showError($("login-error"), new Error(response.status === 401
        ? "This token is not accepted by the service." : "The service answered " + response.status + "."));
      return;
    }
    sessionStorage.setItem(TOKEN_KEY, given);
    $("token").value = "";
    showError($("login-error"), null);
    if (!location.hash || location.hash === "#/login") location.hash = "#/papers"; else route();
  }

  // ---- papers list ----------------------------------------------------------------------------------------
  // the states the list showed last, to tell what a poll changed; reset when the filter changes what is listed
  let listed = {filter: null, states: new Map()};
  async function loadPapers() {
    const state = $("filter-state").value;
    const text = $("filter-text").value.trim().toLowerCase();
    try {
      const page = await json("/papers?cost=true&size=100" + (state ? "&state=" + encodeURIComponent(state) : ""));
      const papers = page.papers.filter((paper) => !text || paper.paperId.toLowerCase().includes(text));
      syncRows($("papers-body"), papers, (paper) => paper.paperId, (paper) => [
        el("a", {href: "#/paper/" + encodeURIComponent(paper.paperId), text: paper.paperId}), badge(paper.state),
        paper.currentStage, paper.submittedAt ? age(paper.submittedAt) : "", usd(paper.estimatedCostUsd)]);
      show($("papers-empty"), papers.length === 0);
      announce(listChanges(state + "\n" + text, papers));
    } catch (error) { flash("Could not load the papers: " + error.message); }
  }
  // what changed since the last poll of the same list, as one sentence; "" on the first poll and when nothing did
  function listChanges(filter, papers) {
    const before = listed.filter === filter ? listed.states : null;
    listed = {filter: filter, states: new Map(papers.map((paper) => [paper.paperId, paper.state]))};
    if (!before) return "";
    return papers.filter((paper) => before.get(paper.paperId) !== paper.state).map((paper) => before.has(paper.paperId)
      ? paper.paperId + " is now " + label(paper.state) + "." : "New paper " + paper.paperId + ": " + label(paper.state) + ".")
      .join(" ");
  }
  function label(state) { return STATE_LABELS[state] || state; }
  function showPapers() {
    listed = {filter: null, states: new Map()};
    show($("view-papers"), true);
    document.title = "Papers · PaperOrchestra console";
    loadPapers();
    refreshTimer = setInterval(loadPapers, 5000);
  }

  // ---- submit ---------------------------------------------------------------------------------------------
  function showSubmit() {
    show($("view-submit"), true);
    document.title = "Submit · PaperOrchestra console";
  }
  function choose(file, label) {
    pendingFile = file;
    $("chosen").textContent = file ? "Ready to send: " + label : "Nothing chosen yet.";
  }
  async function chooseFolder(files) {
    if (!files.length) { choose(null); return; }
    const entries = [];
    for (const file of files) {
      entries.push({name: file.webkitRelativePath || file.name, bytes: new Uint8Array(await file.arrayBuffer())});
    }
    const folder = (files[0].webkitRelativePath || "materials").split("/")[0];
    choose(new File([window.PoZip.zip(entries)], folder + ".zip", {type: "application/zip"}),
      "folder " + folder + " (" + entries.length + " files)");
  }
  async function submit(event) {
    event.preventDefault();
    showError($("submit-error"), null);
    if (!pendingFile) { showError($("submit-error"), new Error("Choose a materials archive or folder first.")); return; }
    const form = new FormData();
    form.append("materials", pendingFile, pendingFile.name);
    [["opt-paper-id", "paperId"], ["opt-venue", "venue"], ["opt-cutoff", "cutoff"], ["opt-pages", "pageLimit"],
      ["opt-iterations", "iterations"], ["opt-timeout", "approvalTimeout"]].forEach(([id, field]) => {
      const value = $(id).value.trim();
      if (value) form.append(field, value);
    });
    form.append("offline", $("opt-offline").checked ? "true" : "false");
    const gates = Array.from(document.querySelectorAll("[id^=gate-]:checked")).map((box) => box.value);
    if (gates.length) form.append("approvals", gates.join(","));
    $("submit-button").disabled = true;
    try {
      const accepted = await json("/papers", {method: "POST", body: form});
      choose(null);
      $("submit-form").reset();
      location.hash = "#/paper/" + encodeURIComponent(accepted.paperId);
    } catch (error) {
      const file = error.body && error.body.file ? " (" + error.body.file + ")" : "";
      showError($("submit-error"), new Error("Not accepted" + file + ": " + error.message));
    } finally {
      $("submit-button").disabled = false;
    }
  }

  // ---- one paper ------------------------------------------------------------------------------------------
  function showPaper(id) {
    currentPaper = {id: id, timeline: 0, outputsShown: false, approvalShownFor: null};
    show($("view-paper"), true);
    $("paper-title").textContent = id;
    document.title = id + " · PaperOrchestra console";
    clear($("timeline"));
    show($("outputs"), false);
    show($("approval-panel"), false);
    show($("shortfalls-panel"), false);
    show($("pdf-frame"), false);
    show($("pdf-open"), false);
    refreshPaper();
    follow(id);
  }
  async function refreshPaper() {
    const paper = currentPaper;
    if (!paper) return;
    let view;
    try { view = await json("/papers/" + encodeURIComponent(paper.id)); } catch (error) {
      flash(error.status === 404 ? noPaper(paper.id) : "Could not load the paper: " + error.message);
      return;
    }
    if (paper !== currentPaper) return;
    // an answer older than one already shown (requests can overtake each other) tells nothing new
    const at = Date.parse(view.updatedAt) || 0;
    if (at >= (paper.seenAt || 0)) {
      if (paper.state && paper.state !== view.state) announce(paper.id + " is now " + label(view.state) + ".");
      paper.state = view.state;
      paper.seenAt = at;
    }
    const state = $("paper-state");
    state.className = "badge state-" + view.state.toLowerCase();
    state.textContent = STATE_LABELS[view.state] || view.state;
    $("paper-facts").textContent = "Stage: " + view.currentStage + " · submitted " + age(view.submittedAt) +
      " · last change " + age(view.updatedAt) + (view.summary && view.summary.label ? " · " + view.summary.label : "");
    $("paper-failure").textContent = view.failureReason ? "Why it ended: " + view.failureReason : "";
    show($("paper-failure"), !!view.failureReason);
    renderShortfalls(view);
    const running = ["SUBMITTED", "RUNNING", "AWAITING_APPROVAL"].includes(view.state);
    show($("cancel-button"), running);
    if (paper.timeline === 0) view.timeline.forEach(addTimeline);
    renderStages(view);
    renderCosts(view.summary);
    renderDecisions(view.summary);
    await renderApproval(view);
    if (WRITTEN.includes(view.state) && !paper.outputsShown) {
      paper.outputsShown = true;
      show($("outputs"), true);
      show($("bundle-link"), true);
      renderOutputs(view);
    }
  }
  function renderShortfalls(view) {
    const shortfalls = view.state === "INCOMPLETE" ? (view.shortfalls || []) : [];
    // the page polls; an unchanged list keeps its items, so a reader in the middle of it is not moved
    const list = $("shortfalls");
    const shown = Array.from(list.children, (item) => item.textContent);
    if (shown.join("\n") !== shortfalls.join("\n") || shown.length !== shortfalls.length) {
      clear(list);
      shortfalls.forEach((shortfall) => list.appendChild(el("li", {text: shortfall})));
    }
    show($("shortfalls-panel"), shortfalls.length > 0);
  }
  function addTimeline(change) {
    currentPaper.timeline++;
    const time = new Date(change.occurredAt);
    const item = el("li", {className: "event-" + change.state}, [
      el("time", {datetime: change.occurredAt, text: time.toLocaleTimeString()}),
      el("span", {className: "stage", text: change.stage}),
      el("span", {className: "what", text: change.state.replace("_", " ")}),
      el("span", {className: "message", text: change.message})]);
    $("timeline").appendChild(item);
  }
  // server-sent events through fetch: EventSource cannot send the Authorization header
  async function follow(id) {
    const controller = new AbortController();
    stream = controller;
    try {
      const response = await call("/papers/" + encodeURIComponent(id) + "/events",
        {headers: {"Accept": "text/event-stream"}, signal: controller.signal});
      show($("live"), true);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      let seen = 0;
      for (;;) {
        const {value, done} = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, {stream: true});
        let cut;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let name = "message";
          const data = [];
          block.split("\n").forEach((line) => {
            if (line.startsWith("event:")) name = line.slice(6).trim();
            else if (line.startsWith("data:")) data.push(line.slice(5));
          });
          if (!data.length || currentPaper === null || currentPaper.id !== id) continue;
          const payload = JSON.parse(data.join("\n"));
          if (name === "status") {
            seen++;
            if (seen > currentPaper.timeline) addTimeline(payload);
            refreshPaper();
          } else if (name === "end") {
            refreshPaper();
          }
        }
      }
    } catch (error) {
      // a paper that is not there is told once, the same way whichever request learns it last
      if (error.status === 404) flash(noPaper(id));
      else if (error.name !== "AbortError") flash("Live updates stopped: " + error.message);
    } finally {
      show($("live"), false);
    }
  }
  function renderStages(view) {
    const body = clear($("stages"));
    if (view.summary && Array.isArray(view.summary.stages)) {
      view.summary.stages.forEach((stage) => body.appendChild(row([stage.stage, stage.agent,
        Number(stage.seconds).toFixed(1)])));
      return;
    }
    // before summary.json: from the timeline's started/completed pairs
    const started = {};
    view.timeline.forEach((change) => {
      if (change.state === "started") started[change.stage] = change;
      else if ((change.state === "completed" || change.state === "awaiting_approval") && started[change.stage]) {
        const seconds = (Date.parse(change.occurredAt) - Date.parse(started[change.stage].occurredAt)) / 1000;
        body.appendChild(row([change.stage, change.agent, seconds.toFixed(1)]));
        delete started[change.stage];
      }
    });
    Object.values(started).forEach((change) => body.appendChild(row([change.stage, change.agent, "running"])));
  }
  function renderCosts(summary) {
    const body = clear($("costs"));
    if (!summary || !summary.llm) {
      $("cost-note").textContent = "Known once the paper is complete (from its summary.json).";
      return;
    }
    const llm = summary.llm;
    Object.entries(llm.byAgent || {}).forEach(([agent, usage]) => body.appendChild(row([agent, usage.calls,
      (usage.inputTokens || 0) + " / " + (usage.outputTokens || 0), usd(usage.estimatedCostUsd)])));
    body.appendChild(row([el("strong", {text: "all agents"}), llm.calls,
      llm.inputTokens + " / " + llm.outputTokens, usd(llm.estimatedCostUsd)]));
    $("cost-note").textContent = summary.mode === "offline"
      ? "Offline mode: no model was called, so nothing was spent." : (llm.note || "");
  }
  async function renderApproval(view) {
    const panel = $("approval-panel");
    if (!view.approval) { show(panel, false); currentPaper.approvalShownFor = null; return; }
    const gate = view.approval.stage;
    currentPaper.gate = gate;
    show(panel, true);
    $("approval-title").textContent = "Waiting for your approval: " + (GATE_NAMES[gate] || "the " + gate);
    $("approve-button").textContent = gate === "final" ? "Approve and complete the paper" : "Approve and continue";
    const left = (Date.parse(view.approval.deadline) - Date.now()) / 1000;
    $("approval-explain").textContent = (GATE_HELP[gate] || "") + " If nobody decides, the paper ends in " +
      duration(Math.max(0, left)) + " (" + new Date(view.approval.deadline).toLocaleString() + ").";
    if (currentPaper.approvalShownFor === view.approval.sha256) return;
    currentPaper.approvalShownFor = view.approval.sha256;
    // a new gate: the previous gate's note and messages would read as if they were about this one
    $("approval-note").value = "";
    showError($("approval-error"), null);
    flash("");
    currentPaper.artifactEditable = gate !== "final";
    show($("approval-document"), false);
    show($("approval-edit"), true);
    $("approval-artifact").readOnly = !currentPaper.artifactEditable;
    $("approval-artifact-label").textContent = currentPaper.artifactEditable
      ? "What is to be approved (JSON; edit it to correct it before approving)"
      : "What is to be approved (read only: this gate takes no edit)";
    try {
      const response = await call("/papers/" + encodeURIComponent(view.paperId) + "/approvals/" + gate);
      if ((response.headers.get("Content-Type") || "").startsWith("application/pdf")) {
        showApprovalPdf(await response.blob());
        return;
      }
      const text = await response.text();
      if (gate === "final") {
        $("approval-artifact-label").textContent = "The finished paper's LaTeX (it did not compile to a PDF; " +
          "read only: this gate takes no edit)";
      }
      try {
        const parsed = JSON.parse(text);
        currentPaper.originalArtifact = JSON.stringify(parsed);
        $("approval-artifact").value = JSON.stringify(parsed, null, 2);
      } catch (notJson) { $("approval-artifact").value = text; }
    } catch (error) { showError($("approval-error"), error); }
  }
  // the final gate holds a PDF: offered as a document to open, not as text in the JSON editor
  function showApprovalPdf(blob) {
    const url = URL.createObjectURL(blob);
    blobUrls.push(url);
    show($("approval-edit"), false);
    show($("approval-document"), true);
    $("approval-document-what").textContent = "To approve: the finished paper, " + kilobytes(blob.size) +
      " of PDF. Nothing is published until you approve.";
    const open = $("approval-pdf-open");
    open.href = url;
    open.dataset.type = blob.type;
    open.dataset.bytes = String(blob.size);
    show(open, true);
    const frame = $("approval-pdf-frame");
    show(frame, false);
    frame.removeAttribute("src");
    $("approval-pdf-button").onclick = () => { frame.src = url; show(frame, true); };
    show($("approval-pdf-button"), true);
  }
  function kilobytes(bytes) { return Math.max(1, Math.round(bytes / 1024)) + " KB"; }
  function renderDecisions(summary) {
    const decisions = summary && Array.isArray(summary.approvals) ? summary.approvals : [];
    const body = clear($("decisions"));
    decisions.forEach((d) => body.appendChild(row([d.stage, d.decision, d.decidedBy || "",
      d.decidedAt ? new Date(d.decidedAt).toLocaleString() : "", [d.note, d.change].filter(Boolean).join(" · ")])));
    show($("decisions-box"), decisions.length > 0);
  }
  async function decide(decision) {
    const view = currentPaper;
    const gate = currentPaper.gate;
    const body = {decision: decision};
    const by = $("approval-by").value.trim();
    const note = $("approval-note").value.trim();
    if (by) body.by = by;
    if (note) body.note = note;
    if (decision === "reject" && !note) {
      showError($("approval-error"), new Error("Give a reason in the note field to reject."));
      $("approval-note").focus();
      return;
    }
    if (decision === "approve" && currentPaper.artifactEditable) {
      let edited;
      try { edited = JSON.parse($("approval-artifact").value); } catch (error) {
        showError($("approval-error"), new Error("The edited JSON does not parse: " + error.message));
        return;
      }
      // only an edit is sent: an unchanged artifact approves the gate's own
      if (JSON.stringify(edited) !== currentPaper.originalArtifact) body.artifact = edited;
    }
    showError($("approval-error"), null);
    $("approve-button").disabled = true;
    $("reject-button").disabled = true;
    try {
      await json("/papers/" + encodeURIComponent(view.id) + "/approvals/" + gate, {method: "PUT",
        headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
      flash(decision === "approve" ? "Approved: the paper goes on." : "Rejected: the paper ends.");
      refreshPaper();
    } catch (error) {
      showError($("approval-error"), new Error("Not accepted: " + error.message));
    } finally {
      $("approve-button").disabled = false;
      $("reject-button").disabled = false;
    }
  }
  async function cancel() {
    if (!window.confirm("Cancel " + currentPaper.id + "? No further model call will be made for it.")) return;
    try {
      await json("/papers/" + encodeURIComponent(currentPaper.id), {method: "DELETE"});
      refreshPaper();
    } catch (error) { flash("Could not cancel: " + error.message); }
  }

  async function renderOutputs(view) {
    const id = view.paperId;
    const files = view.files || [];
    $("bundle-link").onclick = async (event) => {
      event.preventDefault();
      const blob = await (await call("/papers/" + encodeURIComponent(id) + "/bundle")).blob();
      const link = el("a", {href: URL.createObjectURL(blob), download: id + ".zip"});
      document.body.appendChild(link);
      link.click();
      link.remove();
    };
    show($("pdf-button"), files.includes("paper.pdf"));
    renderFigures(id, files);
    renderReviews(id, view.summary, files);
    renderCitations(id, files, view.summary);
  }
  async function showPdf() {
    const blob = await (await call(fileUrl(currentPaper.id, "paper.pdf"))).blob();
    const url = URL.createObjectURL(blob);
    blobUrls.push(url);
    const frame = $("pdf-frame");
    frame.dataset.type = blob.type;
    frame.dataset.bytes = String(blob.size);
    frame.src = url;
    show(frame, true);
    const open = $("pdf-open");
    open.href = url;
    show(open, true);
  }
  async function renderFigures(id, files) {
    const box = clear($("figures"));
    const images = files.filter((name) => name.startsWith("figures/") && /\.(png|jpe?g|svg)$/.test(name));
    if (!images.length) { box.appendChild(el("p", {className: "muted", text: "No figures."})); return; }
    for (const name of images) {
      const stem = name.replace(/\.[a-z]+$/, "");
      const figureId = stem.slice("figures/".length);
      const figure = el("figure", {className: "figure", "data-figure": figureId});
      const img = el("img", {alt: "Figure " + figureId});
      figure.appendChild(img);
      const caption = el("figcaption", {}, [el("strong", {text: figureId})]);
      figure.appendChild(caption);
      box.appendChild(figure);
      blobUrl(id, name).then((url) => { img.src = url; }).catch(() => { img.alt = "Figure " + figureId + " (unavailable)"; });
      if (files.includes(stem + ".json")) {
        json(fileUrl(id, stem + ".json")).then((meta) => {
          const facts = [];
          if (meta.kind) facts.push("kind: " + meta.kind);
          if (meta.source_table) facts.push("from: " + meta.source_table + (meta.source_document ? " (" + meta.source_document + ")" : ""));
          if (meta.mode) facts.push("mode: " + meta.mode);
          if (Array.isArray(meta.cells)) facts.push(meta.cells.length + " logged values drawn");
          const rounds = Array.isArray(meta.critique_rounds) ? meta.critique_rounds : [];
          facts.push(rounds.length ? "critique rounds: " + rounds.length : "critique rounds: none (" +
            (meta.mode === "offline" ? "offline: no critic" : "approved as first drawn") + ")");
          if (meta.fell_back) facts.push("fell back to the deterministic renderer" +
            (meta.fallback_reason ? ": " + meta.fallback_reason : ""));
          caption.appendChild(el("ul", {className: "facts"}, facts.map((fact) => el("li", {text: fact}))));
          if (rounds.length) {
            const list = el("ol", {className: "facts"}, rounds.map((round) => el("li", {text: "round " + round.round +
              " (" + round.kind + "): " + round.verdict + ((round.issues || []).length ? " — " + round.issues.join("; ") : "") +
              (round.revision ? "; " + round.revision : "")})));
            caption.appendChild(el("details", {}, [el("summary", {text: "Critique rounds"}), list]));
          }
          if (meta.spec && meta.spec.caption) caption.appendChild(el("p", {text: meta.spec.caption}));
        }).catch(() => { /* no provenance record */ });
      }
    }
  }
  async function renderReviews(id, summary, files) {
    const box = clear($("reviews"));
    const chart = clear($("trajectory"));
    const versions = clear($("versions"));
    const refinement = summary && summary.refinement;
    if (!refinement) { box.appendChild(el("p", {className: "muted", text: "No reviews."})); return; }
    const reviews = [];
    for (const name of refinement.reviews || []) {
      try { reviews.push({name: name, review: await json(fileUrl(id, name))}); } catch (e) { /* missing */ }
    }
    const axes = ["Overall", "Soundness", "Presentation", "Contribution", "Originality", "Quality", "Clarity",
      "Significance", "Confidence"];
    const table = el("table", {className: "compact"});
    table.appendChild(el("thead", {}, [el("tr", {}, [el("th", {scope: "col", text: "Review"})]
      .concat(axes.map((axis) => el("th", {scope: "col", text: axis}))).concat([el("th", {scope: "col", text: "Decision"})]))]));
    const tbody = el("tbody");
    reviews.forEach(({name, review}) => tbody.appendChild(row([name.replace("reviews/", "").replace(".json", "")]
      .concat(axes.map((axis) => review[axis] == null ? "—" : review[axis])).concat([review.Decision || ""]))));
    table.appendChild(tbody);
    box.appendChild(el("div", {className: "table-wrap"}, [table]));
    reviews.forEach(({name, review}) => {
      const details = el("details", {}, [el("summary", {text: "Read " + name})]);
      if (review.Summary) details.appendChild(el("p", {text: review.Summary}));
      [["Strengths", review.Strengths], ["Weaknesses", review.Weaknesses], ["Questions", review.Questions]]
        .forEach(([title, items]) => {
          if (!Array.isArray(items) || !items.length) return;
          details.appendChild(el("h4", {text: title}));
          details.appendChild(el("ul", {}, items.map((item) => el("li", {text: String(item)}))));
        });
      box.appendChild(details);
    });
    chart.appendChild(trajectory(reviews.map(({review}) => Number(review.Overall))));
    (refinement.decisions || []).forEach((decision) => versions.appendChild(el("p", {text: decision})));
    try {
      const worklog = await json(fileUrl(id, refinement.worklog || "worklog.json"));
      worklog.forEach((entry) => {
        const before = entry.scores_before || {};
        const after = entry.scores_after || {};
        const item = el("div", {className: "version"}, [
          el("h3", {text: "Iteration " + entry.iteration + ": " + (entry.decision || "")}),
          el("p", {text: "Overall " + before.overall + " → " + after.overall + (entry.why ? " (" + entry.why + ")" : "")})]);
        const actions = (entry.actions_taken || []).concat((entry.addressed_weaknesses || []).map((w) => "addressed: " + w));
        if (actions.length) item.appendChild(el("ul", {}, actions.map((action) => el("li", {text: String(action)}))));
        const axes = Object.keys(after.subScores || {});
        const changed = axes.filter((axis) => (before.subScores || {})[axis] !== after.subScores[axis]);
        item.appendChild(el("p", {className: "muted", text: changed.length
          ? "Sub-scores changed: " + changed.map((axis) => axis + " " + before.subScores[axis] + " → " + after.subScores[axis]).join(", ")
          : "No sub-score changed."}));
        versions.appendChild(item);
      });
    } catch (e) { /* no worklog */ }
    await renderDiffs(id, files || [], versions);
  }
  // the text diff of consecutive kept versions (versions/vN.tex, published when a revision changed the text)
  async function renderDiffs(id, files, box) {
    const kept = files.filter((name) => /^versions\/v\d+\.tex$/.test(name))
      .map((name) => ({name: name, version: Number(name.slice("versions/v".length, -".tex".length))}))
      .sort((p, q) => p.version - q.version);
    if (kept.length < 2) {
      box.appendChild(el("p", {className: "muted", text: "No revision changed the text of the paper, so there is " +
        "no text diff; the entries above say what each iteration did."}));
      return;
    }
    const texts = [];
    for (const version of kept) {
      try { texts.push(await (await call(fileUrl(id, version.name))).text()); }
      catch (e) { texts.push(null); }
    }
    for (let k = 1; k < kept.length; k++) {
      box.appendChild(window.PoDiff.render("Text diff: version " + kept[k - 1].version + " → version " + kept[k].version,
        texts[k - 1], texts[k], kept[k - 1].version + "-" + kept[k].version));
    }
  }
  function trajectory(scores) {
    const ns = "http://www.w3.org/2000/svg";
    const width = 320, height = 140, pad = 24;
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 " + width + " " + height);
    svg.setAttribute("role", "img");
    svg.setAttribute("class", "trajectory");
    svg.setAttribute("aria-label", "Overall score by iteration: " + scores.join(", "));
    const max = 10;
    const x = (i) => pad + (scores.length < 2 ? 0 : i * (width - 2 * pad) / (scores.length - 1));
    const y = (v) => height - pad - (v / max) * (height - 2 * pad);
    [0, 5, 10].forEach((tick) => {
      const grid = document.createElementNS(ns, "line");
      [["x1", pad], ["y1", y(tick)], ["x2", width - pad], ["y2", y(tick)]].forEach(([k, v]) => grid.setAttribute(k, v));
      grid.setAttribute("class", "grid");
      svg.appendChild(grid);
      const label = document.createElementNS(ns, "text");
      label.setAttribute("x", pad - 6); label.setAttribute("y", y(tick) + 4);
      label.setAttribute("class", "tick");
      label.textContent = String(tick);
      svg.appendChild(label);
    });
    const axis = document.createElementNS(ns, "line");
    [["x1", pad], ["y1", height - pad], ["x2", width - pad], ["y2", height - pad]].forEach(([k, v]) => axis.setAttribute(k, v));
    axis.setAttribute("class", "axis");
    svg.appendChild(axis);
    const line = document.createElementNS(ns, "polyline");
    line.setAttribute("points", scores.map((v, i) => x(i) + "," + y(v)).join(" "));
    line.setAttribute("class", "line");
    svg.appendChild(line);
    scores.forEach((v, i) => {
      const dot = document.createElementNS(ns, "circle");
      dot.setAttribute("cx", x(i)); dot.setAttribute("cy", y(v)); dot.setAttribute("r", 4);
      svg.appendChild(dot);
      const label = document.createElementNS(ns, "text");
      label.setAttribute("x", x(i)); label.setAttribute("y", y(v) - 8);
      label.textContent = String(v);
      svg.appendChild(label);
    });
    return el("figure", {}, [svg, el("figcaption", {className: "muted", text: "Overall score per review (0 to 10), first to last."})]);
  }
  async function renderCitations(id, files, summary) {
    const body = clear($("citations"));
    const rejected = clear($("rejected"));
    const literature = summary && summary.literature;
    $("citations-summary").textContent = literature
      ? literature.verified + " verified of " + literature.candidates + " candidates, " + literature.citationsUsed +
        " cited" + (summary.scholar ? "; source " + summary.scholar.source : "") : "";
    if (!files.includes("citation_map.json")) return;
    try {
      const map = await json(fileUrl(id, "citation_map.json"));
      Object.entries(map.keys || {}).forEach(([key, record]) => {
        const ids = [record.scholarId ? "S2 " + record.scholarId.slice(0, 10) : null,
          record.doi ? "DOI " + record.doi : null, record.arxivId ? "arXiv " + record.arxivId : null].filter(Boolean);
        body.appendChild(row([el("code", {text: key}), record.title || "", record.year == null ? "" : record.year,
          ids.join(" · ") + (record.queries && record.queries.length ? " (found by “" + record.queries[0] + "”)" : "")]));
      });
      const dropped = map.rejected || [];
      (Array.isArray(dropped) ? dropped : Object.entries(dropped).map(([k, v]) => Object.assign({key: k}, v)))
        .forEach((entry) => rejected.appendChild(el("li", {text: (entry.title || entry.key || "") +
          (entry.reason ? " — " + entry.reason : "")})));
      if (!rejected.firstChild) rejected.appendChild(el("li", {className: "muted", text: "None."}));
    } catch (e) { /* no citation map */ }
  }

  // ---- operations -----------------------------------------------------------------------------------------
  // the numbers changed in place when the terms are the same as before, so a screen reader's place stays
  function stats(node, pairs) {
    const terms = Array.from(node.querySelectorAll("dt")).map((dt) => dt.textContent);
    if (terms.join("\n") === pairs.map(([term]) => term).join("\n")) {
      const values = node.querySelectorAll("dd");
      pairs.forEach(([, value], i) => { if (values[i].textContent !== String(value)) values[i].textContent = String(value); });
      return;
    }
    clear(node);
    pairs.forEach(([term, value]) => { node.appendChild(el("dt", {text: term})); node.appendChild(el("dd", {text: String(value)})); });
  }
  function paperLink(id) { return el("a", {href: "#/paper/" + encodeURIComponent(id), text: id}); }
  // a four-column table of the operator view, in place; a table with no rows says so in one row
  function opsRows(id, items, key, cells, none) {
    syncRows($(id), items.length ? items : [null], (item) => item ? key(item) : "",
      (item) => item ? cells(item) : [none, "", "", ""]);
  }
  async function loadOperations() {
    try {
      const ops = await json("/operations");
      $("ops-at").textContent = "as of " + new Date(ops.at).toLocaleTimeString();
      showError($("ops-problem"), ops.kafkaProblem ? new Error("Broker numbers missing: " + ops.kafkaProblem) : null);
      stats($("ops-states"), Object.entries(ops.papersByState).map(([state, count]) => [STATE_LABELS[state] || state, count]));
      const scholar = ops.scholar;
      stats($("ops-scholar"), [["Lookups queued", scholar.queued == null ? "—" : scholar.queued],
        ["Requests in the last hour", scholar.requestsLastHour == null ? "—" : scholar.requestsLastHour],
        ["Answers in the last hour", scholar.answersLastHour == null ? "—" : scholar.answersLastHour]]);
      stats($("ops-spend"), [["All agents", usd(ops.spend.usdLastHour)], ["Papers finished", ops.spend.papers]]
        .concat(Object.entries(ops.spend.byAgent).map(([agent, value]) => [agent, usd(value)])));
      opsRows("ops-waiting", ops.waiting, (w) => w.paperId + "\n" + w.stage, (w) => [paperLink(w.paperId), w.stage,
        duration(w.waitingSeconds), new Date(w.deadline).toLocaleString()], "No paper is waiting.");
      syncRows($("ops-lag"), ops.lag, (l) => l.group + "\n" + l.topic, (l) => [l.group, l.topic, l.records]);
      const ended = (f) => [paperLink(f.paperId), f.stage, age(f.at), f.reason || ""];
      opsRows("ops-failures", ops.failures, (f) => f.paperId + "\n" + f.at, ended, "No failures.");
      opsRows("ops-incomplete", ops.incomplete || [], (f) => f.paperId + "\n" + f.at, ended, "No incomplete paper.");
      const prom = clear($("ops-prom"));
      ops.onlyInPrometheus.forEach((item) => prom.appendChild(el("li", {text: item})));
    } catch (error) { flash("Could not load the operations view: " + error.message); }
  }
  function showOperations() {
    show($("view-operations"), true);
    document.title = "Operations · PaperOrchestra console";
    loadOperations();
    refreshTimer = setInterval(loadOperations, 10000);
  }

  // ---- wiring ---------------------------------------------------------------------------------------------
  document.addEventListener("DOMContentLoaded", () => {
    $("login-form").addEventListener("submit", login);
    $("logout").addEventListener("click", () => { sessionStorage.removeItem(TOKEN_KEY); route(); });
    $("filter-state").addEventListener("change", loadPapers);
    $("filter-text").addEventListener("input", loadPapers);
    $("filters").addEventListener("submit", (event) => event.preventDefault());
    $("submit-form").addEventListener("submit", submit);
    $("materials-file").addEventListener("change", (event) => {
      const file = event.target.files[0];
      choose(file || null, file ? file.name : "");
    });
    $("materials-folder").addEventListener("change", (event) => chooseFolder(Array.from(event.target.files)));
    const drop = $("dropzone");
    drop.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("over"); });
    drop.addEventListener("dragleave", () => drop.classList.remove("over"));
    drop.addEventListener("drop", (event) => {
      event.preventDefault();
      drop.classList.remove("over");
      const file = event.dataTransfer.files[0];
      if (file) choose(file, file.name);
    });
    $("approve-button").addEventListener("click", () => decide("approve"));
    $("reject-button").addEventListener("click", () => decide("reject"));
    $("cancel-button").addEventListener("click", cancel);
    $("pdf-button").addEventListener("click", () => showPdf().catch((error) => flash("Could not load the PDF: " + error.message)));
    window.addEventListener("hashchange", route);
    route();
  });
})();
