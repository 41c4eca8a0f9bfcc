// Live feed page: keeps the server-rendered list current from /live/stream. Without this file
// (or without EventSource) the page still shows the newest events and a Refresh link.
// Event data only ever reaches the page through textContent and checked attributes.
(function () {
  "use strict";

  var list = document.querySelector('[data-testid="live-list"]');
  var status = document.getElementById("live-status");
  var itemTemplate = document.getElementById("live-item-template");
  if (!list || !status || !itemTemplate || !window.EventSource) { return; }
  var statusText = status.querySelector(".live__status-text") || status;
  var max = parseInt(list.getAttribute("data-max"), 10) || 30;
  var types = ["claim.created", "claim.analysed", "claim.score_changed"];

  // The page's words, in its language, from the element that carries them (English otherwise).
  function say(name, fallback) { return status.getAttribute("data-text-" + name) || fallback; }

  function setStatus(state, text) {
    if (status.getAttribute("data-state") === state) { return; }
    status.setAttribute("data-state", state);
    statusText.textContent = text;
  }

  // Only paths to a claim page become links; anything else is shown as plain text.
  function safeClaimPath(url) {
    return typeof url === "string" && /^\/claims\/[A-Za-z0-9._~%-]+$/.test(url) ? url : "";
  }

  function fill(node, slot, text) {
    var el = node.querySelector('[data-slot="' + slot + '"]');
    if (el) { el.textContent = text == null ? "" : String(text); }
    return el;
  }

  function verdictBadge(slug) {
    var t = document.querySelector('template[data-verdict-template="' + (slug === "dogru" || slug === "kismen" || slug === "yanlis" ? slug : "belirsiz") + '"]');
    return t ? t.content.firstElementChild.cloneNode(true) : null;
  }

  function build(item) {
    var li = itemTemplate.content.firstElementChild.cloneNode(true);
    li.setAttribute("data-event-id", String(item.id));
    li.setAttribute("data-event-type", String(item.type || ""));
    var type = fill(li, "type", item.type_text);
    if (type) {
      var kind = { "claim.created": "created", "claim.analysed": "analysed", "claim.score_changed": "changed" }[item.type];
      if (kind) { type.classList.add("live-item__type--" + kind); }
    }
    var verdict = li.querySelector('[data-slot="verdict"]');
    var scoreWrap = li.querySelector('[data-slot="score-wrap"]');
    if (item.analysed) {
      var badge = verdictBadge(item.verdict);
      if (badge && verdict) { verdict.appendChild(badge); }
      fill(li, "score", item.score);
      if (item.not_enough_evidence && scoreWrap) { scoreWrap.textContent = say("not-enough", "Not enough evidence"); }
    } else {
      if (verdict) {
        verdict.className = "live-item__pending";
        verdict.textContent = say("awaiting", "Awaiting analysis");
      }
      if (scoreWrap) { scoreWrap.remove(); }
    }
    var link = fill(li, "link", item.text);
    var path = safeClaimPath(item.url);
    if (link && path) { link.setAttribute("href", path); }
    var change = fill(li, "change", item.change);
    if (change && !item.change) { change.remove(); }
    var time = fill(li, "time", item.created_text);
    if (time) {
      if (item.created_iso) { time.setAttribute("datetime", String(item.created_iso)); }
      if (item.created_title) { time.setAttribute("title", String(item.created_title)); }
    }
    return li;
  }

  function onEvent(e) {
    var item;
    try { item = JSON.parse(e.data); } catch (err) { return; }
    if (!item || typeof item.id !== "number") { return; }
    // A replay after reconnecting may repeat what the page already shows.
    if (list.querySelector('[data-event-id="' + item.id + '"]')) { return; }
    var empty = document.querySelector('[data-testid="empty-state"]');
    if (empty) { empty.remove(); }
    list.insertBefore(build(item), list.firstElementChild);
    while (list.children.length > max) { list.removeChild(list.lastElementChild); }
  }

  var base = list.getAttribute("data-stream") || "/live/stream";
  var source = null;

  // Resumes after the newest event the list shows (or the newest the server had at rendering).
  function connect() {
    var first = list.firstElementChild;
    var last = (first && first.getAttribute("data-event-id")) || list.getAttribute("data-last-event-id");
    source = new EventSource(last && /^\d+$/.test(last) ? base + "?last_event_id=" + last : base);
    types.forEach(function (t) { source.addEventListener(t, onEvent); });
    source.addEventListener("open", function () {
      setStatus("live", say("live", "Live: new events appear at the top as they happen."));
    });
    source.addEventListener("error", function () {
      if (source.readyState === EventSource.CLOSED) {
        setStatus("closed", say("closed", "Live updates stopped. Use Refresh to see the newest events."));
      } else {
        setStatus("reconnecting", say("reconnecting", "Reconnecting…"));
      }
    });
  }

  // Leaving the page closes the stream at once, so it never counts against the address's limit;
  // coming back to it from the browser's history opens it again.
  window.addEventListener("pagehide", function () { if (source) { source.close(); } });
  window.addEventListener("pageshow", function (e) {
    if (e.persisted) { setStatus("reconnecting", say("reconnecting", "Reconnecting…")); connect(); }
  });
  connect();
})();
