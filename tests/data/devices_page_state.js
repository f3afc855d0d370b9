() => {
  // A page of a game on several devices as a test sees it when a wait timed out: said in the
  // failure (tests/browser/test_devices.py, tests/engines/test_devices_engines.py), read from
  // the page's own attributes and text only.
  const root = document.documentElement;
  const table = document.querySelector(".table");
  const text = (selector) => document.querySelector(selector)?.textContent.trim().slice(0, 160) ?? null;
  const received = (window.__received || []).slice(-6).map((data) => {
    try {
      const message = JSON.parse(data);
      const { t: kind, n, v, ok, refused, error } = message;
      return JSON.stringify({ t: kind, n, v, ok, refused, error: error?.code, toAct: message.view?.to_act });
    } catch {
      return String(data).slice(0, 40);
    }
  });
  const active = document.activeElement;
  return {
    screen: root.dataset.screen ?? null,
    gameState: root.dataset.gameState ?? null,
    connection: root.dataset.connection ?? null,
    seat: root.dataset.seat ?? null,
    visibility: document.visibilityState,
    awaiting: table ? table.dataset.awaiting : null,
    controls: document.querySelectorAll(".table .table-body [data-action]").length,
    dialog: text(".overlay .dialog h2"),
    inert: document.querySelectorAll("[inert]").length,
    turn: text(".table .table-head .turn"),
    message: text(".table p.message"),
    bar: text(".net-bar [data-net-status]"),
    focus: active ? `${active.tagName.toLowerCase()}${active.dataset?.action ? `[${active.dataset.action}]` : ""}` : null,
    sent: window.__sent ?? null,
    received,
  };
}
