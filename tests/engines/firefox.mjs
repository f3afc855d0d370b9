// Firefox for the cross-engine tests (tests/engines/drivers.py), driven over WebDriver BiDi by
// the pinned puppeteer-core: one browser, a fresh browser context (its own storage and HTTP
// cache) per tab. Commands come one JSON object a line on stdin ({id, op, ...}); each gets one
// JSON line on stdout ({id, value} or {id, error}).
//
// usage: node firefox.mjs <firefox executable> <trap proxy port>
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath, trapPort] = process.argv.slice(2);
const port = Number(trapPort);
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  // Remote settings obey "services.settings.server" only with this set.
  env: { ...process.env, MOZ_REMOTE_SETTINGS_DEVTOOLS: "1" },
  extraPrefsFirefox: {
    // Everything off loopback goes to the test's trap, which records and refuses it.
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.http_port": port,
    "network.proxy.ssl": "127.0.0.1",
    "network.proxy.ssl_port": port,
    "network.proxy.no_proxies_on": "",
    "network.proxy.allow_hijacking_localhost": false,
    // Firefox's own background traffic, which is no page's doing.
    "network.captive-portal-service.enabled": false,
    "network.connectivity-service.enabled": false,
    "network.dns.disablePrefetch": true,
    "network.prefetch-next": false,
    "network.http.speculative-parallel-limit": 0,
    "browser.safebrowsing.malware.enabled": false,
    "browser.safebrowsing.phishing.enabled": false,
    "browser.safebrowsing.downloads.enabled": false,
    "browser.safebrowsing.provider.mozilla.updateURL": "",
    "services.settings.server": "http://127.0.0.1:9/remote-settings",
    "extensions.getAddons.cache.enabled": false,
    "extensions.update.enabled": false,
    "app.normandy.enabled": false,
    "app.update.auto": false,
    "datareporting.healthreport.uploadEnabled": false,
    "datareporting.policy.dataSubmissionEnabled": false,
    "toolkit.telemetry.enabled": false,
    "browser.ping-centre.telemetry": false,
    "browser.newtabpage.enabled": false,
    "browser.startup.homepage_override.mstone": "ignore",
    "dom.push.connection.enabled": false,
    "media.gmp-manager.url": "",
    "security.OCSP.enabled": 0,
    "security.remote_settings.crlite_filters.enabled": false,
    "privacy.trackingprotection.enabled": false,
    // WebRTC (test_devices_engines.py): host candidates as the machine's own addresses, not
    // mDNS ".local" names, so connecting two tabs sends no multicast query onto the LAN.
    "media.peerconnection.ice.obfuscate_host_addresses": false,
  },
});

const LIMIT_MS = 150_000; // no command waits longer (a stuck one fails its test)
const tabs = new Map(); // id -> {context, page, problems}
let nextTab = 1;
const LOCAL = /^(https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/|blob:|data:|about:)/;

function watch(page, problems) {
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error}`));
  page.on("request", (request) => {
    if (!LOCAL.test(request.url())) problems.push(`request to another host: ${request.url()}`);
  });
}

function frameOf(tab, part) {
  if (!part) return tab.page.mainFrame();
  const frame = tab.page.frames().find((f) => f.url().includes(part));
  if (!frame) throw new Error(`no frame with ${part} in ${tab.page.frames().map((f) => f.url())}`);
  return frame;
}

const ops = {
  version: async () => browser.version(),
  open: async ({ width, height }) => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const problems = [];
    watch(page, problems);
    await page.setViewport({ width, height });
    const id = nextTab++;
    tabs.set(id, { context, page, problems });
    return id;
  },
  close: async ({ tab }) => {
    const { context } = tabs.get(tab);
    tabs.delete(tab);
    await context.close();
  },
  goto: async ({ tab, url }) => {
    await tabs.get(tab).page.goto(url, { waitUntil: "load", timeout: 120_000 });
  },
  reload: async ({ tab }) => {
    await tabs.get(tab).page.reload({ waitUntil: "load", timeout: 120_000 });
  },
  eval: async ({ tab, frame, source }) => frameOf(tabs.get(tab), frame).evaluate(source),
  // The pointer at the middle of the element (puppeteer's own click once waited forever), in
  // the tab brought to the front first: a person presses on the screen they see (the tabs of
  // a test of several devices are each a phone's screen; one in the back is hidden).
  click: async ({ tab, frame, selector }) => {
    await tabs.get(tab).page.bringToFront();
    const handle = await frameOf(tabs.get(tab), frame).waitForSelector(selector, { timeout: 30_000 });
    await handle.evaluate((el) => el.scrollIntoView({ block: "nearest", inline: "nearest" }));
    const box = await handle.boundingBox();
    await handle.dispose();
    if (!box) throw new Error(`${selector} has no box`);
    await tabs.get(tab).page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  },
  press: async ({ tab, key }) => {
    await tabs.get(tab).page.keyboard.press(key);
  },
  problems: async ({ tab }) => tabs.get(tab).problems.splice(0),
  screenshot: async ({ tab, path, fullPage }) => {
    await tabs.get(tab).page.screenshot({ path, fullPage: Boolean(fullPage) });
  },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const command = JSON.parse(line);
  let reply;
  try {
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${command.op} took over ${LIMIT_MS} ms`)), LIMIT_MS);
    });
    const value = await Promise.race([ops[command.op](command), late]);
    clearTimeout(timer);
    reply = { id: command.id, value: value === undefined ? null : value };
  } catch (error) {
    reply = { id: command.id, error: String(error && error.stack ? error.stack : error) };
  }
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}
await browser.close();
