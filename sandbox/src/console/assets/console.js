// The console's only script. Pages work without it (forms post, links
// navigate); it adds live updates, copy buttons, confirmations, a guard
// against double submission, and the fault form's fields for the chosen kind. No dependencies; served by the sandbox itself.
(function () {
  "use strict";

  // Regions marked data-live="<ms>" are refreshed in place: the page is
  // fetched again and the region with the same id swapped in. Paused while
  // the tab is hidden or while focus is inside the region.
  function live(region) {
    var every = Math.max(1000, parseInt(region.getAttribute("data-live"), 10) || 2000);
    var status = document.querySelector("[data-live-status='" + region.id + "']");
    // Compared with what the server sent last, not with the live DOM, which
    // the user changes (an opened <details>) without anything new arriving.
    // Each rendering gives forms fresh idempotency keys; those alone are no change.
    var same = function (a, b) {
      var strip = function (html) { return html.replace(/name="idem" value="[^"]*"/g, ""); };
      return strip(a) === strip(b);
    };
    var last = region.innerHTML;
    var busy = false;
    var timer = setInterval(function () {
      if (busy || document.hidden || region.contains(document.activeElement)) {
        return;
      }
      busy = true;
      fetch(window.location.href, { credentials: "same-origin", redirect: "manual", headers: { "X-Console-Live": region.id } })
        .then(function (response) {
          if (response.type === "opaqueredirect" || !response.ok) {
            throw new Error(response.status === 0 ? "signed out" : "HTTP " + response.status);
          }
          return response.text();
        })
        .then(function (text) {
          var doc = new DOMParser().parseFromString(text, "text/html");
          var fresh = doc.getElementById(region.id);
          if (fresh && !same(fresh.innerHTML, last)) {
            last = fresh.innerHTML;
            region.innerHTML = last;
            wire(region);
          }
          // Said on the clock the rows are on (the application's sandbox
          // clock, UTC), with real time beside it, never the browser's
          // local time alone.
          var clock = doc.querySelector("[data-sandbox-clock]");
          var shown = document.querySelector("[data-sandbox-clock]");
          if (clock && shown) {
            shown.innerHTML = clock.innerHTML;
            shown.setAttribute("data-sandbox-clock", clock.getAttribute("data-sandbox-clock"));
          }
          if (status) {
            var real = new Date().toISOString().slice(11, 19) + " UTC";
            status.textContent = clock
              ? "Live: updated at " + clock.getAttribute("data-sandbox-clock").slice(11, 19) +
                " on the sandbox clock (real time " + real + ")."
              : "Live: updated at " + real + " real time.";
          }
        })
        .catch(function (error) {
          clearInterval(timer);
          if (status) {
            status.textContent = "Live updates stopped (" + error.message + "); reload the page.";
          }
        })
        .then(function () {
          busy = false;
        });
    }, every);
  }

  function copy(button) {
    button.addEventListener("click", function () {
      var source = document.getElementById(button.getAttribute("data-copy"));
      if (!source) {
        return;
      }
      var text = source.textContent;
      var done = function () {
        var label = button.textContent;
        button.textContent = "Copied";
        setTimeout(function () { button.textContent = label; }, 1500);
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(done, function () { select(source); });
      } else {
        select(source);
      }
    });
  }

  // Without clipboard access the text is selected for the user to copy.
  function select(element) {
    var range = document.createRange();
    range.selectNodeContents(element);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function guard(form) {
    form.addEventListener("submit", function (event) {
      var question = form.getAttribute("data-confirm");
      if (question && !window.confirm(question)) {
        event.preventDefault();
        return;
      }
      if (form.getAttribute("data-sent") === "1") {
        event.preventDefault();
        return;
      }
      form.setAttribute("data-sent", "1");
    });
  }

  // A form with a select marked data-fault-kind shows only the fields of
  // the chosen kind (elements marked data-kinds="kind ..."); the others are
  // hidden and disabled, so they are not sent.
  function kinds(select) {
    var form = select.form;
    var apply = function () {
      Array.prototype.forEach.call(form.querySelectorAll("[data-kinds]"), function (element) {
        var shown = element.getAttribute("data-kinds").split(" ").indexOf(select.value) >= 0;
        element.hidden = !shown;
        Array.prototype.forEach.call(element.querySelectorAll("input, select"), function (field) {
          field.disabled = !shown;
        });
      });
    };
    select.addEventListener("change", apply);
    apply();
  }

  function wire(root) {
    Array.prototype.forEach.call(root.querySelectorAll("[data-copy]"), copy);
    Array.prototype.forEach.call(root.querySelectorAll("form[method='post']"), guard);
  }

  document.addEventListener("DOMContentLoaded", function () {
    wire(document);
    Array.prototype.forEach.call(document.querySelectorAll("[data-live]"), live);
    Array.prototype.forEach.call(document.querySelectorAll("select[data-fault-kind]"), kinds);
  });
})();
