// Claimcheck progressive enhancement. Every page works without this file; it only adds a live
// character count, copy buttons, protection against double submits and keyboard access to tables
// that scroll sideways.
(function () {
  "use strict";

  // One polite live region for short confirmations, so screen readers hear "Copied" too.
  var status = document.createElement("div");
  status.className = "visually-hidden";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  document.body.appendChild(status);
  function announce(text) {
    status.textContent = "";
    window.setTimeout(function () { status.textContent = text; }, 50);
  }

  // Character counters: replace the static "Up to N characters." with "n / N".
  document.querySelectorAll("textarea[data-counter]").forEach(function (field) {
    var out = document.getElementById(field.getAttribute("data-counter"));
    if (!out) { return; }
    var max = parseInt(out.getAttribute("data-max") || field.getAttribute("maxlength"), 10) || 0;
    var timer = 0;
    function update(speak) {
      var n = field.value.length;
      out.textContent = n + " / " + max;
      out.classList.toggle("is-near", max > 0 && n >= max * 0.9 && n < max);
      out.classList.toggle("is-full", max > 0 && n >= max);
      if (speak && max > 0 && n >= max * 0.9) {
        // Announce only near the limit, and only once typing pauses.
        window.clearTimeout(timer);
        timer = window.setTimeout(function () { announce((max - n) + " characters left"); }, 900);
      }
    }
    field.addEventListener("input", function () { update(true); });
    update(false);
  });

  // Copy buttons: hidden in the HTML because they need this script.
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      document.body.removeChild(area);
      if (ok) { resolve(); } else { reject(new Error("copy failed")); }
    });
  }
  document.querySelectorAll("[data-copy]").forEach(function (button) {
    var target = document.getElementById(button.getAttribute("data-copy"));
    var label = button.querySelector(".copy__label");
    if (!target || !label) { return; }
    var original = label.textContent;
    var timer = 0;
    button.hidden = false;
    button.addEventListener("click", function () {
      var text = target.tagName === "INPUT" ? target.value : target.textContent.trim();
      copyText(text).then(function () {
        label.textContent = "Copied";
        announce("Copied to the clipboard");
      }, function () {
        if (target.tagName === "INPUT") { target.focus(); target.select(); }
        label.textContent = "Press Ctrl+C to copy";
      });
      window.clearTimeout(timer);
      timer = window.setTimeout(function () { label.textContent = original; }, 2500);
    });
  });

  // The share field selects itself on focus, so copying by hand is one keystroke.
  document.querySelectorAll("input[readonly][data-testid='share-url']").forEach(function (input) {
    input.addEventListener("focus", function () { input.select(); });
  });

  // Forms with data-submitting-text: one submit only, and show that work is under way.
  document.querySelectorAll("form[data-submitting-text]").forEach(function (form) {
    var button = form.querySelector("button[type='submit']");
    var idle = button ? button.textContent : "";
    form.addEventListener("submit", function (event) {
      if (form.getAttribute("data-busy") === "true") { event.preventDefault(); return; }
      form.setAttribute("data-busy", "true");
      if (button) {
        button.setAttribute("aria-disabled", "true");
        button.textContent = form.getAttribute("data-submitting-text");
      }
    });
    // Coming back with the Back button restores the page from cache: make the form usable again.
    window.addEventListener("pageshow", function () {
      form.removeAttribute("data-busy");
      if (button) { button.removeAttribute("aria-disabled"); button.textContent = idle; }
    });
  });

  // After a failed submit, move focus to the error summary so it is read first.
  // A wide table scrolls sideways inside its .table-wrap on a narrow screen. A box that scrolls
  // becomes a named, focusable region so the keyboard can scroll it too; boxes a page already
  // marks up keep their own attributes, and a box that stops scrolling (wider window) gives back
  // the ones added here.
  // tableName is the table's caption, else the nearest heading before it, else "Table".
  function tableName(box) {
    var caption = box.querySelector("caption");
    var text = caption ? caption.textContent : "";
    for (var el = box; !text && el && el !== document.body; el = el.previousElementSibling || el.parentElement) {
      if (/^H[1-6]$/.test(el.tagName)) { text = el.textContent; }
    }
    text = (text || "").replace(/\s+/g, " ").trim();
    return text || "Table";
  }
  // Regions must have names of their own; a repeated name gets a number.
  function uniqueName(name) {
    var taken = {};
    document.querySelectorAll("[role=region][aria-label]").forEach(function (r) { taken[r.getAttribute("aria-label")] = true; });
    if (!taken[name]) { return name; }
    for (var i = 2; ; i++) {
      if (!taken[name + " " + i]) { return name + " " + i; }
    }
  }
  function scrollBoxes() {
    document.querySelectorAll(".table-wrap").forEach(function (box) {
      var scrolls = box.scrollWidth > box.clientWidth + 1;
      var ours = box.hasAttribute("data-scroll-region");
      if (scrolls && !ours && !box.hasAttribute("tabindex")) {
        box.setAttribute("data-scroll-region", "");
        box.setAttribute("tabindex", "0");
        if (!box.hasAttribute("role")) { box.setAttribute("role", "region"); }
        if (!box.hasAttribute("aria-label") && !box.hasAttribute("aria-labelledby")) {
          box.setAttribute("aria-label", uniqueName(tableName(box) + " (scrolls sideways)"));
        }
      } else if (!scrolls && ours) {
        ["data-scroll-region", "tabindex", "role", "aria-label"].forEach(function (a) { box.removeAttribute(a); });
      }
    });
  }
  scrollBoxes();
  var resizeTimer = 0;
  window.addEventListener("resize", function () {
    window.clearTimeout(resizeTimer);
    resizeTimer = window.setTimeout(scrollBoxes, 150);
  });

  var summary = document.querySelector("[data-testid='form-errors']");
  if (summary) { summary.focus(); }
})();
