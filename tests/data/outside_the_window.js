() => {
  const body = document.querySelector(".table .table-body");
  const wanted = [
    ["prompt", body.querySelector(".pairs-message, .ql-message")],
    ["play area", body.querySelector(".nv-centre, .tm-countdown, .ql-middle, .ql-choose")],
    ["hand", body.querySelector("[data-zone=hand]")],
    ...[...document.querySelectorAll(
      ".table .table-body [data-action], .table .table-body button, .table .table-tools button")]
      .map((el) => [`control ${el.dataset.action || el.dataset.control || el.ariaLabel}`, el]),
  ];
  const out = [];
  for (const [what, el] of wanted) {
    if (!el) { out.push(`${what}: missing`); continue; }
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue; // not drawn (e.g. hidden tools)
    const [x, y, right, bottom] = [r.left, r.top, r.right, r.bottom].map(Math.round);
    if (x < 0 || y < 0 || bottom > innerHeight || right > innerWidth) {
      out.push(`${what}: ${x},${y}-${right},${bottom}`);
    }
  }
  if (scrollY !== 0) out.push(`the page is scrolled to ${scrollY}`);
  const wide = document.documentElement.scrollWidth - innerWidth;
  if (wide > 0) out.push(`the page is ${wide} px wider than the window`);
  return out;
}
