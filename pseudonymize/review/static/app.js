"use strict";
// The review page: plain DOM, no build step. Every decision is one POST; the server answers
// with the essay as it now stands (spans, running numbers, pseudonymized text).
(() => {
  const TOKEN = new URLSearchParams(location.search).get("token") || "";
  const $ = (id) => document.getElementById(id);
  const S = { meta: null, list: [], offset: 0, matched: 0, essay: null, cur: -1, lastLabel: "firstname_unknown" };

  function esc(s) {
    return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  }
  function reviewer() { return $("reviewer").value.trim() || "reviewer"; }

  async function api(method, path, body) {
    const res = await fetch(path, {
      method,
      headers: { "X-Review-Token": TOKEN, "X-Reviewer": reviewer(), "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await res.json().catch(() => ({ detail: res.statusText }));
    if (!res.ok) { const err = new Error(data.detail || res.statusText); err.status = res.status; throw err; }
    return data;
  }

  let toastTimer = null;
  function toast(msg, error) {
    const t = $("toast");
    t.textContent = msg; t.className = error ? "error" : ""; t.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { t.hidden = true; }, error ? 7000 : 2200);
  }

  // ---- navigation ----------------------------------------------------------------------
  function filters() {
    const p = new URLSearchParams({ state: $("f-state").value, order: $("f-order").value,
      marks: $("f-marks").checked ? "true" : "false", learner: $("f-learner").value, label: $("f-label").value });
    return p;
  }
  async function loadList(append) {
    const p = filters();
    p.set("offset", append ? S.list.length : 0);
    const data = await api("GET", "/api/essays?" + p);
    S.list = append ? S.list.concat(data.items) : data.items;
    S.matched = data.matched;
    showProgress(data.progress);
    renderList();
  }
  function showProgress(pr) {
    const who = Object.entries(pr.reviewers).map(([k, v]) => `${esc(k)} ${v}`).join(", ");
    $("progress").innerHTML = `<b>${pr.approved}</b> / ${pr.total} approved · ${pr.quarantined} quarantined` +
      (who ? ` · <span title="approved per reviewer">${who}</span>` : "");
  }
  function renderList() {
    $("list-count").textContent = `${S.matched} essay${S.matched === 1 ? "" : "s"}`;
    $("list").innerHTML = S.list.map((e) =>
      `<li data-i="${e.index}" class="${S.essay && S.essay.index === e.index ? "cur" : ""}">` +
      `<span class="dot ${e.state}" title="${e.state}"></span><span class="eid">${esc(e.id)}</span>` +
      `<span class="learner">${esc(e.learner || "")}</span><span class="flags">` +
      (e.marks ? `<span class="pill" title="undecided marks">${e.marks} mark${e.marks > 1 ? "s" : ""}</span> ` : "") +
      (e.risk ? `<span class="pill risk" title="risk score">r${e.risk}</span>` : "") + `</span></li>`).join("");
    $("more").hidden = S.list.length >= S.matched;
  }
  function listPos() { return S.essay ? S.list.findIndex((e) => e.index === S.essay.index) : -1; }
  async function step(delta) {
    if (!S.list.length) return;
    let k = listPos();
    k = k < 0 ? 0 : k + delta;
    if (k >= S.list.length && S.list.length < S.matched) await loadList(true);
    if (k < 0 || k >= S.list.length) { toast(delta > 0 ? "no next essay in this list" : "no previous essay"); return; }
    openEssay(S.list[k].index);
  }

  // ---- one essay -------------------------------------------------------------------------
  async function openEssay(index, keepCur) {
    const essay = await api("GET", `/api/essays/${index}`);
    show(essay, keepCur);
  }
  function spanList() { return S.essay ? S.essay.spans : []; }
  function show(essay, keepCur) {
    const prevSid = keepCur && S.cur >= 0 && S.essay ? (spanList()[S.cur] || {}).sid : null;
    S.essay = essay;
    S.cur = prevSid ? spanList().findIndex((s) => s.sid === prevSid) : -1;
    if (!keepCur && spanList().length) S.cur = Math.max(0, spanList().findIndex((s) => s.undecided));
    $("e-title").textContent = `${essay.id}` + (essay.learner ? ` · learner ${essay.learner}` : "");
    $("e-state").textContent = essay.state + (essay.approved ? ` by ${essay.approved.reviewer}` : "");
    $("e-state").className = "badge " + essay.state;
    renderTexts();
    renderSide();
    $("comments").innerHTML = essay.comments.map((c) =>
      `<div class="c"><b>${esc(c.kind)}</b> ${esc(c.text)} <span class="muted">— ${esc(c.reviewer)}</span></div>`).join("");
    const item = S.list.find((e) => e.index === essay.index);
    if (item) { item.state = essay.state; item.marks = spanList().filter((s) => s.undecided).length; }
    renderList();
  }
  function visibleSpans() {
    // active spans, and rejected ones where no active span overlaps them
    const active = spanList().filter((s) => s.status !== "rejected");
    return spanList().filter((s) => s.status !== "rejected" ||
      !active.some((a) => a.start < s.end && s.start < a.end));
  }
  function spanClass(s) {
    return `sp ${s.kind} ${s.status}${s.undecided ? " undecided" : ""}${s.origin === "reviewer" ? " reviewer" : ""}`;
  }
  const DOUBTS = { "unknown": "a capitalised word no list knows", "name-like": "spelt like a name no list holds",
    "after a place word": "a word no list knows after a preposition (i, från, på, vid …)",
    "the essay's name": "a word a span of this essay reads as a name or place",
    "name": "a name or place left as a word", "number": "a number left as it is",
    "after a name": "a rare word right after a given name: a surname?",
    "between commas": "a word no list knows between commas: a name in apposition?",
    "after a naming word": "a rare word after heter, kallar, kallas …: a name?",
    "learned": "the learned tagger reads it as a name, place, institution or number no rule found" };
  function plain(from, to) {
    // text outside the spans, its doubtful words underlined (click one to add it as a span)
    const text = S.essay.text;
    let html = "", pos = from;
    for (const d of S.essay.doubts || []) {
      if (d.start < pos || d.end > to) continue;
      html += `<span data-o="${pos}">${esc(text.slice(pos, d.start))}</span>`;
      html += `<span class="doubt" data-o="${d.start}" data-end="${d.end}" title="worth a look: ${DOUBTS[d.reason]} (click to add)">${esc(text.slice(d.start, d.end))}</span>`;
      pos = d.end;
    }
    return html + `<span data-o="${pos}">${esc(text.slice(pos, to))}</span>`;
  }
  function renderTexts() {
    const e = S.essay, text = e.text;
    let html = "", pos = 0;
    for (const s of visibleSpans()) {
      if (s.start < pos) continue;
      html += plain(pos, s.start);
      html += `<mark class="${spanClass(s)}" data-sid="${s.sid}" data-o="${s.start}" title="${esc(s.label)}${s.ref ? " " + s.ref : ""} · ${s.status}">` +
        `${esc(text.slice(s.start, s.end))}</mark>`;
      pos = s.end;
    }
    html += plain(pos, text.length);
    $("orig").innerHTML = html;
    const tgt = e.target, shown = spanList().filter((s) => s.tstart !== null).sort((a, b) => a.tstart - b.tstart);
    html = ""; pos = 0;
    for (const s of shown) {
      html += esc(tgt.slice(pos, s.tstart));
      html += `<mark class="${spanClass(s)}" data-sid="${s.sid}" title="${esc(s.published_label)} ${s.ref}">${esc(tgt.slice(s.tstart, s.tend))}</mark>`;
      pos = s.tend;
    }
    $("pseudo").innerHTML = html + esc(tgt.slice(pos));
    markSelected(false);
  }
  function markSelected(scroll) {
    const sel = spanList()[S.cur];
    document.querySelectorAll("mark.sp").forEach((m) => m.classList.toggle("sel", !!sel && m.dataset.sid === sel.sid));
    if (scroll && sel) {
      const m = document.querySelector(`#orig mark[data-sid="${sel.sid}"]`);
      if (m) m.scrollIntoView({ block: "nearest" });
    }
  }
  function labelOptions(selected) {
    return Object.keys(S.meta.labels).map((l) => `<option${l === selected ? " selected" : ""}>${l}</option>`).join("");
  }
  function attrBoxes(attrs, prefix) {
    return S.meta.attrs.map((a) =>
      `<label><input type="checkbox" class="${prefix}-attr" value="${a}"${attrs.includes(a) ? " checked" : ""}> ${a}</label>`).join(" ");
  }
  function entityOf(s) { return `${s.published_label}:${s.ref}`; }
  function renderSide() {
    const s = spanList()[S.cur];
    const panel = $("span-panel");
    if (!s) {
      panel.innerHTML = `<p class="muted">${spanList().length ? "Select a span (j / k, or click one)." : "The engine found nothing here. Select text to add a span."}` +
        (S.essay.doubts && S.essay.doubts.length ? ` Words underlined with dots are worth a look (${S.essay.doubts.length}): click one to add it.` : "") + `</p>`;
    } else {
      const surface = S.essay.text.slice(s.start, s.end);
      const others = [...new Map(spanList().filter((o) => o.ref !== null && o.sid !== s.sid &&
        entityOf(o) !== entityOf(s) && family(o.label) === family(s.label)).map((o) => [entityOf(o), o])).values()];
      const mentions = spanList().filter((o) => o.ref !== null && entityOf(o) === entityOf(s)).length;
      panel.innerHTML =
        `<div class="surface">${esc(surface)}</div>` +
        `<div><span class="lab">${esc(s.label)}</span>${s.attrs.length ? " (" + s.attrs.map(esc).join(", ") + ")" : ""}` +
        `${s.ref !== null ? ` · number ${s.ref}` : ""} · <b>${s.status}</b>${s.undecided ? " · <span class=pill>decide</span>" : ""}</div>` +
        `<div class="muted">${s.origin === "engine" ? `engine: ${esc(s.engine_label)} (${esc(s.rule)}, ${s.score.toFixed(2)})` : "added by a reviewer"}` +
        `${s.pseudonym !== null && s.pseudonym !== surface ? ` → <b>${esc(s.pseudonym)}</b>` : ""}</div>` +
        `<div class="row">` +
        (s.mark ? `<button data-act="accept" title="a">keep (a)</button><button data-act="replace" title="x">replace by placeholder (x)</button>`
                : `<button data-act="accept" title="a">accept (a)</button>`) +
        `<button data-act="reject" class="danger" title="r">reject (r)</button></div>` +
        `<div class="row"><select id="relabel" title="label (l)">${labelOptions(s.label)}</select> ${attrBoxes(s.attrs, "re")}` +
        `<button data-act="relabel">change label</button></div>` +
        (others.length ? `<div class="row"><select id="merge-into" title="same entity as">` +
          others.map((o) => `<option value="${o.sid}">${esc(S.essay.text.slice(o.start, o.end))} (${esc(o.label)} ${o.ref})</option>`).join("") +
          `</select><button data-act="merge">same entity (merge)</button></div>` : "") +
        (mentions > 1 || (s.ref !== null && spanList().some((o) => o.sid !== s.sid && o.ref === s.ref && o.label === s.label))
          ? `<div class="row"><button data-act="split">own number (split)</button></div>` : "");
    }
    const ents = new Map();
    for (const o of spanList()) {
      if (o.ref === null) continue;
      const k = entityOf(o);
      if (!ents.has(k)) ents.set(k, { first: o, surfaces: new Set() });
      ents.get(k).surfaces.add(S.essay.text.slice(o.start, o.end));
    }
    $("entities").innerHTML = [...ents.values()].sort((x, y) =>
      x.first.published_label.localeCompare(y.first.published_label) || x.first.ref - y.first.ref).map(({ first, surfaces }) =>
      `<li data-sid="${first.sid}"><b>${esc(first.published_label)} ${first.ref}</b> ` +
      `${[...surfaces].map(esc).join(", ")}` +
      (first.pseudonym !== null && first.pseudonym !== S.essay.text.slice(first.start, first.end)
        ? ` <span class="arrow">→</span> ${esc(first.pseudonym)}` : "") + `</li>`).join("") ||
      `<li class="muted">none</li>`;
  }
  function family(label) {
    const k = S.meta.labels[label].kind;
    return k === "name" || k === "place" ? k : label;
  }

  async function decide(action) {
    if (!S.essay) return null;
    try {
      const essay = await api("POST", `/api/essays/${S.essay.index}/decide`, { ...action, version: S.essay.version });
      show(essay, true);
      return essay;
    } catch (err) {
      toast(err.message, true);
      if (err.status === 409 && /changed meanwhile/.test(err.message)) openEssay(S.essay.index, true);
      return null;
    }
  }
  async function spanAction(act) {
    const s = spanList()[S.cur];
    if (!s) { toast("no span selected"); return; }
    const body = { action: act, span: s.sid };
    if (act === "relabel") {
      body.label = $("relabel").value;
      body.attrs = [...document.querySelectorAll(".re-attr:checked")].map((c) => c.value);
    } else if (act === "merge") {
      body.into = $("merge-into").value;
    } else if (act === "replace" && !s.mark) { return; }
    if (await decide(body) && (act === "accept" || act === "reject" || act === "replace")) moveSpan(1, true);
  }
  function moveSpan(delta, onlyUndecided) {
    const list = spanList();
    if (!list.length) return;
    let k = S.cur;
    for (let n = 0; n < list.length; n++) {
      k = (k + delta + list.length) % list.length;
      if (!onlyUndecided || list[k].status === "proposed") break;
    }
    if (onlyUndecided && list[k].status !== "proposed") return;
    S.cur = k;
    renderSide();
    markSelected(true);
  }
  async function approve() {
    if (!S.essay) return;
    const marks = spanList().filter((s) => s.undecided).length;
    if (marks) { toast(`decide the ${marks} highlighted mark${marks > 1 ? "s" : ""} first (a keep / x replace / r reject)`, true); return; }
    if (await decide({ action: "approve" })) { toast("approved"); await loadList(false); step(1); }
  }

  // ---- adding spans by selection -----------------------------------------------------------
  function offsetOf(node, off) {
    const el = node.nodeType === 3 ? node.parentElement : node;
    if (!el || el.dataset.o === undefined) return null;
    return Number(el.dataset.o) + (node.nodeType === 3 ? off : 0);
  }
  function onSelect(ev) {
    const sel = window.getSelection();
    if (!S.essay || sel.isCollapsed || !$("orig").contains(sel.anchorNode)) return;
    let a = offsetOf(sel.anchorNode, sel.anchorOffset), b = offsetOf(sel.focusNode, sel.focusOffset);
    if (a === null || b === null) return;
    if (a > b) [a, b] = [b, a];
    const text = S.essay.text;
    while (a < b && /\s/.test(text[a])) a++;
    while (b > a && /\s/.test(text[b - 1])) b--;
    if (a >= b) return;
    const clash = spanList().find((s) => s.status !== "rejected" && s.start < b && a < s.end);
    if (clash) { toast(`overlaps "${text.slice(clash.start, clash.end)}" (${clash.label}): reject or change that span first`, true); return; }
    showAddPopup(a, b, ev.clientX, ev.clientY);
  }
  function placePopup(x, y) {
    const p = $("popup");
    p.hidden = false;
    p.style.left = Math.min(x, window.innerWidth - 440) + "px";
    p.style.top = Math.min(y + 12, window.innerHeight - p.offsetHeight - 10) + "px";
  }
  function showAddPopup(start, end, x, y) {
    const surface = S.essay.text.slice(start, end);
    $("popup").innerHTML = `<div>add <b>${esc(surface)}</b> as</div>` +
      `<div class="row"><select id="add-label">${labelOptions(S.lastLabel)}</select></div>` +
      `<div class="row">${attrBoxes([], "add")}</div>` +
      `<div class="row"><button class="primary" id="add-go">add span</button><button id="popup-close">cancel</button></div>`;
    placePopup(x, y);
    $("add-label").focus();
    $("add-go").onclick = async () => {
      const label = $("add-label").value, attrs = [...document.querySelectorAll(".add-attr:checked")].map((c) => c.value);
      S.lastLabel = label;
      const essay = await decide({ action: "add", start, end, label, attrs });
      if (!essay) { closePopup(); return; }
      S.cur = spanList().findIndex((s) => s.start === start && s.end === end && s.status !== "rejected");
      renderSide(); markSelected(false);
      offerElsewhere(surface, label, attrs, x, y);
    };
    $("popup-close").onclick = closePopup;
  }
  async function offerElsewhere(surface, label, attrs, x, y) {
    const data = await api("POST", "/api/search", { q: surface });
    const open = data.hits.filter((h) => !h.covered);
    if (!open.length) { closePopup(); toast(`added ${surface} as ${label}`); return; }
    const me = S.essay;
    const here = open.filter((h) => h.index === me.index);
    const learner = open.filter((h) => me.learner && h.learner === me.learner);
    const scopes = [["in this essay", here], ["in the learner's essays", learner], ["in the whole batch", open]]
      .filter(([, hs], k, all) => hs.length && (k === 0 || hs.length !== all[k - 1][1].length));
    $("popup").innerHTML = `<div>added. <b>${esc(surface)}</b> also occurs, not yet marked:</div>` +
      scopes.map(([name, hs], k) => `<div class="row"><button class="primary" data-scope="${k}">add all ${hs.length} ${name}</button></div>`).join("") +
      `<div class="row"><button id="popup-close">no thanks</button></div>`;
    placePopup(x, y);
    $("popup").querySelectorAll("[data-scope]").forEach((b) => {
      b.onclick = () => applyAll(scopes[Number(b.dataset.scope)][1], label, attrs);
    });
    $("popup-close").onclick = closePopup;
  }
  async function applyAll(hits, label, attrs) {
    closePopup();
    try {
      const res = await api("POST", "/api/apply", { label, attrs, occurrences: hits.map((h) => ({ index: h.index, start: h.start, end: h.end })) });
      toast(`added ${res.added}` + (res.skipped.length ? `, skipped ${res.skipped.length} (${res.skipped[0].reason})` : ""));
      await openEssay(S.essay.index, true);
      loadList(false);
    } catch (err) { toast(err.message, true); }
  }
  function closePopup() { $("popup").hidden = true; $("popup").innerHTML = ""; }

  // ---- search, comments, quarantine ---------------------------------------------------------
  async function search(q) {
    const box = $("search-results");
    if (!q.trim()) { box.hidden = true; return; }
    let data;
    try { data = await api("POST", "/api/search", { q }); } catch (err) { toast(err.message, true); return; }
    const open = data.hits.filter((h) => !h.covered);
    box.hidden = false;
    box.innerHTML = `<div><b>${data.hits.length}</b> occurrence${data.hits.length === 1 ? "" : "s"}${data.truncated ? " (first ones)" : ""}, ${open.length} not marked</div>` +
      (open.length ? `<div class="row"><select id="search-label">${labelOptions(S.lastLabel)}</select> <button id="search-add" class="primary">add all ${open.length}</button></div>` : "") +
      data.hits.slice(0, 300).map((h) => `<div class="hit" data-i="${h.index}">${esc(h.id)}: …${esc(h.before)}<b>${esc(h.text)}</b>${esc(h.after)}… ` +
        `<span class="muted">${h.covered ? esc(h.covered) : "not marked"}</span></div>`).join("");
    box.querySelectorAll(".hit").forEach((d) => { d.onclick = () => openEssay(Number(d.dataset.i)); });
    if (open.length) $("search-add").onclick = async () => {
      S.lastLabel = $("search-label").value;
      await applyAll(open, S.lastLabel, []);
      search(q);
    };
  }
  function dialog(html, onOk) {
    const d = $("dialog");
    d.innerHTML = html + `<div class="row"><button class="primary" id="dlg-ok">save</button><button id="dlg-cancel">cancel</button></div>`;
    d.hidden = false;
    const first = d.querySelector("textarea, input, select");
    if (first) first.focus();
    $("dlg-cancel").onclick = () => { d.hidden = true; };
    $("dlg-ok").onclick = async () => { if (await onOk()) d.hidden = true; };
  }
  function comment() {
    if (!S.essay) return;
    const s = spanList()[S.cur];
    dialog(`<div class="row"><select id="c-kind">${S.meta.comment_kinds.map((k) => `<option>${k}</option>`).join("")}</select>` +
      (s ? `<label><input type="checkbox" id="c-span" checked> about the selected span</label>` : "") + `</div>` +
      `<textarea id="c-text" placeholder="comment (stays in the workspace, never released)"></textarea>`,
    async () => {
      const text = $("c-text").value.trim();
      if (!text) { toast("write a comment first", true); return false; }
      const body = { action: "comment", kind: $("c-kind").value, text };
      if (s && $("c-span") && $("c-span").checked) body.span = s.sid;
      return !!(await decide(body));
    });
  }
  function quarantine() {
    if (!S.essay) return;
    dialog(`<div>Quarantine <b>${esc(S.essay.id)}</b>: it will be left out of the release.</div>` +
      `<textarea id="q-reason" placeholder="why (stays in the workspace)"></textarea>`,
    async () => {
      const ok = await decide({ action: "quarantine", reason: $("q-reason").value.trim() });
      if (ok) { await loadList(false); step(1); }
      return !!ok;
    });
  }

  // ---- wiring -------------------------------------------------------------------------------
  function wire() {
    $("reviewer").value = localStorage.getItem("swepseudo-reviewer") || "";
    $("reviewer").onchange = () => localStorage.setItem("swepseudo-reviewer", $("reviewer").value.trim());
    ["f-state", "f-order", "f-marks", "f-learner", "f-label"].forEach((id) => { $(id).onchange = () => loadList(false); });
    $("more").onclick = () => loadList(true);
    $("list").onclick = (ev) => { const li = ev.target.closest("li[data-i]"); if (li) openEssay(Number(li.dataset.i)); };
    $("search-form").onsubmit = (ev) => { ev.preventDefault(); search($("search").value); };
    $("b-next").onclick = () => step(1);
    $("b-prev").onclick = () => step(-1);
    $("b-approve").onclick = approve;
    $("b-quarantine").onclick = quarantine;
    $("b-comment").onclick = comment;
    $("help-btn").onclick = () => { $("help").hidden = false; };
    $("help-close").onclick = () => { $("help").hidden = true; };
    $("span-panel").onclick = (ev) => { const b = ev.target.closest("button[data-act]"); if (b) spanAction(b.dataset.act); };
    const pick = (ev) => {
      const m = ev.target.closest("[data-sid]");
      if (!m || !window.getSelection().isCollapsed) return;
      S.cur = spanList().findIndex((s) => s.sid === m.dataset.sid);
      renderSide(); markSelected(true);
    };
    $("orig").addEventListener("click", (ev) => {
      const d = ev.target.closest(".doubt");
      if (d && window.getSelection().isCollapsed) {
        showAddPopup(Number(d.dataset.o), Number(d.dataset.end), ev.clientX, ev.clientY);
        return;
      }
      pick(ev);
    });
    $("pseudo").addEventListener("click", pick);
    $("entities").addEventListener("click", pick);
    $("orig").addEventListener("mouseup", (ev) => setTimeout(() => onSelect(ev), 0));
    document.addEventListener("keydown", onKey);
  }
  function onKey(ev) {
    if (ev.target.closest("input, textarea, select") && ev.key !== "Escape") return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const k = ev.key;
    if (k === "Escape") { $("help").hidden = true; $("dialog").hidden = true; closePopup(); return; }
    if (!$("dialog").hidden || !$("popup").hidden) return;
    const keys = {
      j: () => moveSpan(1), k: () => moveSpan(-1), a: () => spanAction("accept"), r: () => spanAction("reject"),
      x: () => spanAction("replace"), n: () => step(1), p: () => step(-1), A: approve, q: quarantine, c: comment,
      l: () => { const r = $("relabel"); if (r) r.focus(); }, "/": () => $("search").focus(),
      "?": () => { $("help").hidden = !$("help").hidden; },
    };
    if (keys[k]) { ev.preventDefault(); keys[k](); }
  }
  async function start() {
    wire();
    try {
      S.meta = await api("GET", "/api/meta");
    } catch (err) { toast(err.message, true); return; }
    $("ws").textContent = `workspace ${S.meta.workspace} · ${S.meta.strategy}, seed ${S.meta.seed}`;
    $("f-learner").innerHTML += S.meta.learners.map((l) => `<option>${esc(l)}</option>`).join("");
    $("f-label").innerHTML += Object.keys(S.meta.labels).map((l) => `<option>${l}</option>`).join("");
    await loadList(false);
    if (S.list.length) openEssay(S.list[0].index);
  }
  window.swepseudoReview = { openEssay };  // for the benchmark's timing of a page
  start();
})();
