// After an answer is swapped in, bring the verdict into view if it is not:
// on a phone, or below a big board, it lands under the fold. The page moves
// only as far as it must, so the board stays in sight above it.
document.addEventListener("htmx:afterSettle", (event) => {
  const swapped = event.detail.target || event.target;
  if (!swapped || swapped.id !== "play") return;
  const play = document.getElementById("play");
  const title = play && play.querySelector(".verdict-title, .verdict p");
  if (!title) return;
  const box = title.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) {
    title.scrollIntoView({ block: "nearest" });
  }
});
