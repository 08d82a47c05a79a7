// The table page's own small script: everything works without it; it adds
// live refresh (a command given at the CLI shows at once), remembered ticks
// on the checklist and the -/+ stepper for a move's cube count.
(function () {
  "use strict";
  var body = document.body;
  var version = body.getAttribute("data-version");
  var busy = false;
  // A page answered to a form (a stale one) names its own address: show that one, so
  // a reload asks for the page instead of sending the form again.
  var address = body.getAttribute("data-address");
  if (address && window.history && history.replaceState) history.replaceState(null, "", address);

  // Live refresh: poll the cheap version endpoint; reload when the save changed.
  function poll() {
    if (busy || document.hidden) return;
    fetch("/version", {cache: "no-store", credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (data && data.version && data.version !== version && !busy) {
          busy = true;
          location.reload();
        }
      })
      .catch(function () {});
  }
  setInterval(poll, 1500);
  document.addEventListener("visibilitychange", poll);
  document.addEventListener("submit", function () { busy = true; });

  // Checklist ticks survive a reload of the same save version.
  document.querySelectorAll(".checklist[data-key]").forEach(function (list) {
    var key = "throne-ticks-" + list.getAttribute("data-key");
    var saved = {};
    try { saved = JSON.parse(sessionStorage.getItem(key) || "{}"); } catch (e) { saved = {}; }
    list.querySelectorAll("input[type=checkbox][data-i]").forEach(function (box) {
      var i = box.getAttribute("data-i");
      if (saved[i]) box.checked = true;
      box.addEventListener("change", function () {
        saved[i] = box.checked;
        try { sessionStorage.setItem(key, JSON.stringify(saved)); } catch (e) { /* private mode */ }
      });
    });
  });

  // What the King did, short: one line a move, "Why?" shows the reasons, one tap ticks
  // every line and folds the list away (it stays folded once all are ticked).
  document.querySelectorAll(".table-todo").forEach(function (todo) {
    var boxes = todo.querySelectorAll(".checklist input[type=checkbox]");
    var details = todo.querySelector("details");
    var why = todo.querySelector("button.whys");
    var done = document.querySelector("button.alldone");
    todo.classList.add("short");
    todo.querySelector(".todo-tools").hidden = false;
    function look() {
      var left = Array.prototype.some.call(boxes, function (b) { return !b.checked; });
      if (done) done.hidden = !left;
      return left;
    }
    if (!look() && boxes.length) details.open = false;
    boxes.forEach(function (box) { box.addEventListener("change", look); });
    if (done) done.addEventListener("click", function () {
      boxes.forEach(function (box) {
        if (!box.checked) { box.checked = true; box.dispatchEvent(new Event("change")); }
      });
      details.open = false;
    });
    why.addEventListener("click", function () {
      var shown = todo.classList.toggle("whys-shown");
      why.setAttribute("aria-pressed", shown ? "true" : "false");
    });
  });

  // A hand wider than the screen: a fade at its right edge and a line under it.
  document.querySelectorAll(".hand").forEach(function (hand) {
    var cue = document.createElement("p");
    cue.className = "more meta";
    cue.textContent = "More cards to the right: swipe \u2192";
    hand.after(cue);
    function look() {
      var more = hand.scrollLeft + hand.clientWidth < hand.scrollWidth - 2;
      hand.toggleAttribute("data-more", more);
      cue.hidden = !more;
    }
    look();
    hand.addEventListener("scroll", look);
    window.addEventListener("resize", look);
  });

  // The move stepper: -/+ around the count, the button says what it will do.
  document.querySelectorAll("form.stepper").forEach(function (form) {
    var input = form.querySelector("input[name=count]");
    var button = form.querySelector(".movebtn");
    var min = parseInt(input.min, 10), max = parseInt(input.max, 10);
    var emptying = (form.getAttribute("data-emptying") || "").split(" ");
    var warning = form.querySelector(".emptyhome");
    function label() {
      var n = parseInt(input.value, 10);
      if (isNaN(n)) return;
      button.textContent = "Move " + n + " from " + form.getAttribute("data-from") +
        " to " + form.getAttribute("data-to");
      // the empty-home warning only while the count would empty it
      if (warning) warning.hidden = emptying.indexOf(String(n)) < 0;
    }
    label();
    form.querySelectorAll("button.step").forEach(function (step) {
      step.hidden = false;
      step.addEventListener("click", function () {
        var n = (parseInt(input.value, 10) || max) + parseInt(step.getAttribute("data-step"), 10);
        input.value = Math.max(min, Math.min(max, n));
        label();
      });
    });
    input.addEventListener("input", label);
  });
})();
