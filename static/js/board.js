/* Boards that a keyboard, a screen reader and a thumb can play.
 *
 * Only an enhancement: without it every point of a board is a submit button
 * of its form, and a tap or a click plays at once. With it:
 * - a board is one Tab stop (roving tabindex); arrow keys move between its
 *   points (Home/End to the ends of a row), Enter or Space plays;
 * - after htmx swaps an exercise (#play), focus goes back to the board (the
 *   point just played) or, when nothing is left to play, to the verdict, and
 *   the verdict is read out by a live region that stays in the page;
 * - on a touch screen a first tap selects a point and a second tap (on it, or
 *   on the "Play D4" button shown under the board) plays it; a move from point
 *   to point (a piece picked up, then where it goes) is two taps already;
 * - a board wider than its frame scrolls to where the stones are.
 */
(() => {
  "use strict";

  const FRAME = ".board-frame";
  const POINT = ".point";
  const seen = new WeakSet();
  let played = null; // the point the last exercise form posted, if any
  let edited = null; // the point last clicked on another board (an editor's)
  let pointer = ""; // the kind of pointer of the last press: mouse, touch, pen

  const points = (frame) => Array.from(frame.querySelectorAll(POINT));
  const isButton = (point) => point.tagName === "BUTTON";
  const nameOf = (point) =>
    isButton(point) && point.value
      ? point.value
      : (point.getAttribute("aria-label") || "").split(/[ ,，]/)[0];

  function centre(element) {
    const r = element.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, size: r.width };
  }

  /* -- One Tab stop per board ------------------------------------------------ */

  function setStop(frame, stop) {
    for (const point of points(frame)) point.tabIndex = point === stop ? 0 : -1;
  }

  function firstStop(frame) {
    const all = points(frame);
    const buttons = all.filter(isButton);
    return (
      frame.querySelector('button.point[aria-pressed="true"]') ||
      frame.querySelector('.point[data-mark="last"]') ||
      frame.querySelector('.point[data-mark="target"]') ||
      frame.querySelector(".point[data-mark]") ||
      buttons[Math.floor(buttons.length / 2)] ||
      all[0]
    );
  }

  // The nearest point in a direction (dx, dy): the same code for a grid and a
  // free board, from where the points are drawn.
  function neighbour(frame, from, dx, dy) {
    const a = centre(from);
    let best = null;
    let bestScore = Infinity;
    for (const point of points(frame)) {
      if (point === from) continue;
      const b = centre(point);
      const x = b.x - a.x;
      const y = b.y - a.y;
      const along = x * dx + y * dy;
      if (along < a.size / 4) continue;
      const score = along + 2 * Math.abs(x * dy - y * dx);
      if (score < bestScore) {
        best = point;
        bestScore = score;
      }
    }
    return best;
  }

  const KEYS = {
    ArrowLeft: [-1, 0],
    ArrowRight: [1, 0],
    ArrowUp: [0, -1],
    ArrowDown: [0, 1],
  };

  function onKey(event) {
    pointer = "";
    const point = event.target.closest && event.target.closest(POINT);
    const frame = point && point.closest(FRAME);
    if (!frame || event.altKey || event.ctrlKey || event.metaKey) return;
    let next = null;
    if (event.key in KEYS) {
      const [dx, dy] = KEYS[event.key];
      next = neighbour(frame, point, dx, dy);
    } else if (event.key === "Home" || event.key === "End") {
      const dx = event.key === "Home" ? -1 : 1;
      next = point;
      for (let step = neighbour(frame, next, dx, 0); step; step = neighbour(frame, next, dx, 0)) {
        next = step;
      }
    } else {
      return;
    }
    event.preventDefault();
    if (next && next !== point) {
      setStop(frame, next);
      next.focus();
    }
  }

  /* -- Tap, then confirm --------------------------------------------------- */

  function clearSelection(form) {
    for (const point of form.querySelectorAll(".point.is-selected")) {
      point.classList.remove("is-selected");
    }
    const confirm = form.querySelector(".board-confirm");
    if (confirm) confirm.remove();
  }

  function select(point, form) {
    clearSelection(form);
    point.classList.add("is-selected");
    const confirm = document.createElement("button");
    confirm.type = "submit";
    confirm.className = "button board-confirm";
    confirm.name = point.name;
    confirm.value = point.value;
    confirm.textContent = form.dataset.confirm.replace("{point}", nameOf(point));
    const frame = point.closest(FRAME);
    frame.after(confirm);
    announce(`${nameOf(point)}: ${form.dataset.selected || ""}`);
  }

  function onClick(event) {
    const point = event.target.closest && event.target.closest("button.point");
    const frame = point && point.closest(FRAME);
    const form = point && point.form;
    if (!frame || !form || !form.dataset.confirm) return;
    const kind = event.pointerType || pointer;
    // Marks are undone by another tap: they need no confirming; nor do a
    // mouse's clicks and a keyboard's presses.
    if (point.hasAttribute("aria-pressed") || (kind !== "touch" && kind !== "pen")) return;
    // A move from point to point is already two taps: the piece, then where it goes
    // (a destination of the piece picked up, even when no other piece can be picked).
    if (form.querySelector('button.point[name="select"]')) return;
    if (point.name === "move" && form.querySelector('.point[data-mark="lifted"]')) return;
    if (point.classList.contains("is-selected")) return; // the second tap plays
    event.preventDefault();
    select(point, form);
  }

  /* -- Scroll a wide board to its stones ------------------------------------ */

  function scrollToStones(frame) {
    if (frame.scrollWidth <= frame.clientWidth + 1) return;
    const all = points(frame);
    let shown = all.filter((point) => !isButton(point) || point.dataset.mark);
    if (!shown.length) shown = all;
    const box = frame.getBoundingClientRect();
    const xs = shown.map((point) => centre(point).x - box.left + frame.scrollLeft);
    const middle = (Math.min(...xs) + Math.max(...xs)) / 2;
    frame.scrollLeft = Math.max(0, middle - frame.clientWidth / 2);
  }

  /* -- A live region that stays in the page -------------------------------- */

  let region = null;

  // Made once, as the page loads (a region that appears with its words in it
  // may go unheard), outside anything htmx swaps.
  function liveRegion() {
    if (!region) {
      region = document.createElement("div");
      region.id = "board-announcer";
      region.className = "visually-hidden";
      region.setAttribute("role", "status");
      region.setAttribute("aria-live", "polite");
      document.body.append(region);
    }
    return region;
  }

  function announce(text) {
    liveRegion();
    // Emptied first, so that the same words said twice are read twice.
    region.textContent = "";
    window.setTimeout(() => {
      region.textContent = text;
    }, 50);
  }

  const words = (element) => (element ? element.textContent.replace(/\s+/g, " ").trim() : "");

  /* -- Set up each board, and each exercise swapped in ---------------------- */

  function enhance(root) {
    for (const frame of root.querySelectorAll(FRAME)) {
      if (seen.has(frame)) continue;
      seen.add(frame);
      if (points(frame).some(isButton)) setStop(frame, firstStop(frame));
      scrollToStones(frame);
    }
  }

  function afterSwap(play) {
    enhance(play);
    const frame = play.querySelector(FRAME);
    const playable = frame && points(frame).some(isButton);
    let target = null;
    if (playable) {
      const name = played && played.toLowerCase();
      target = (name && points(frame).find((point) => nameOf(point).toLowerCase() === name)) || firstStop(frame);
      setStop(frame, target);
    } else {
      target = play.querySelector(".verdict");
      if (target && !words(target)) target = play.querySelector("button, a[href], input") || target;
    }
    if (target) target.focus({ preventScroll: !playable });
    showVerdict(play);
    const said = [play.querySelector(".notice"), play.querySelector(".verdict"), play.querySelector(".hint")]
      .map(words)
      .filter(Boolean)
      .join(" ");
    if (said) announce(said);
    played = null;
  }

  // The verdict, brought into view if the answer left it below the fold (on a phone,
  // or under a big board): the page moves only as far as it must.
  function showVerdict(play) {
    const title = play.querySelector(".verdict-title, .verdict p");
    if (!title) return;
    const box = title.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) title.scrollIntoView({ block: "nearest" });
  }

  function onSubmit(event) {
    const form = event.target;
    const submitter = event.submitter;
    if (!form.closest || !form.closest("#play")) {
      // A board elsewhere (a teacher's editor): its clicked point gets focus back.
      edited = submitter && submitter.matches(".point") ? nameOf(submitter) : null;
      return;
    }
    const typed = form.querySelector('input[type="text"][name="move"]');
    const point = submitter && submitter.matches(".point, .board-confirm");
    if (point) played = nameOf(submitter);
    else if (typed) played = typed.value.trim();
    else played = null;
    // The selection and its confirm button go with the swap: the button is still
    // needed here, as the submitter whose value is posted.
  }

  function onSettle() {
    const play = document.getElementById("play");
    if (play && !seen.has(play)) {
      seen.add(play);
      afterSwap(play);
    } else {
      enhance(document);
      const lost = !document.activeElement || document.activeElement === document.body;
      if (edited && lost) {
        const name = edited.toLowerCase();
        for (const frame of document.querySelectorAll(FRAME)) {
          const point = points(frame).find((p) => nameOf(p).toLowerCase() === name);
          if (point) {
            setStop(frame, point);
            point.focus({ preventScroll: true });
            break;
          }
        }
      }
      edited = null;
    }
  }

  function start() {
    const play = document.getElementById("play");
    if (play) {
      seen.add(play);
      liveRegion();
    }
    enhance(document);
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick, true);
    document.addEventListener("submit", onSubmit, true);
    document.addEventListener(
      "pointerdown",
      (event) => {
        pointer = event.pointerType;
      },
      true,
    );
    document.addEventListener("focusin", (event) => {
      const point = event.target.closest && event.target.closest(POINT);
      const frame = point && point.closest(FRAME);
      if (frame) setStop(frame, point);
    });
    document.body.addEventListener("htmx:afterSettle", onSettle);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
