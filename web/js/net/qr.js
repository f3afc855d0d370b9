// QR codes for the codes that set up a connection (issue 29): the join link beside each remote
// seat on the host's device, the answer code on the guest's.
//
//   await qrCode(text, label)   -> an <svg role="img"> of the code (its modules as one path),
//                                  drawn by the vendored qrcode-generator (npm, pinned by
//                                  package-lock.json; build.py copies it to vendor/)
//   scanButton(onText)          -> a "Scan" button and its camera view: reads a QR code with
//                                  the camera, by BarcodeDetector where the browser has it,
//                                  else by the vendored jsQR, loaded only then; onText(text)
//                                  with what it read. No camera (or no permission): it says so,
//                                  and pasting works as before.
//
// js/net/vendored.js is written by build.py and names the two vendored files.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { JSQR, QRCODE } from "./vendored.js";

const SVG = "http://www.w3.org/2000/svg";
const vendored = (path) => new URL(`../../${path}`, import.meta.url).href;

let encoder = null;
const qrcodeModule = () => (encoder ||= import(vendored(QRCODE)));

export async function qrCode(text, label) {
  const { default: qrcode } = await qrcodeModule();
  const qr = qrcode(0, "L"); // the smallest version that holds it; low correction: a screen
  qr.addData(text, "Byte");
  qr.make();
  const n = qr.getModuleCount();
  const quiet = 4; // the quiet zone around the code, in modules
  let d = "";
  for (let row = 0; row < n; row += 1) {
    for (let col = 0; col < n; col += 1) if (qr.isDark(row, col)) d += `M${col + quiet} ${row + quiet}h1v1h-1z`;
  }
  const svg = document.createElementNS(SVG, "svg");
  const size = n + 2 * quiet;
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  // A size of its own (the stylesheet sets the one shown), so the picture stands alone too.
  svg.setAttribute("width", String(4 * size));
  svg.setAttribute("height", String(4 * size));
  svg.setAttribute("class", "qr-code");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.dataset.modules = String(n);
  const back = document.createElementNS(SVG, "rect");
  back.setAttribute("width", String(size));
  back.setAttribute("height", String(size));
  back.setAttribute("fill", "#fff"); // attributes, not the stylesheet: the picture stands alone
  const dark = document.createElementNS(SVG, "path");
  dark.setAttribute("d", d);
  dark.setAttribute("fill", "#000");
  svg.append(back, dark);
  return svg;
}

// jsQR, loaded once, the first time the camera is used without BarcodeDetector.
let decoder = null;
function jsQR() {
  decoder ||= new Promise((resolve, reject) => {
    const script = h("script", { src: vendored(JSQR) });
    script.addEventListener("load", () => (typeof self.jsQR === "function" ? resolve(self.jsQR) : reject(new Error("jsQR"))));
    script.addEventListener("error", () => reject(new Error("jsQR")));
    document.head.append(script);
  });
  return decoder;
}

async function detectorFor() {
  if (typeof self.BarcodeDetector === "function") {
    try {
      const formats = await self.BarcodeDetector.getSupportedFormats();
      if (formats.includes("qr_code")) {
        const detector = new self.BarcodeDetector({ formats: ["qr_code"] });
        return async (video) => (await detector.detect(video))[0]?.rawValue || null;
      }
    } catch {
      // fall through to jsQR
    }
  }
  const read = await jsQR();
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (!width || !height) return null;
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const found = read(context.getImageData(0, 0, width, height).data, width, height, { inversionAttempts: "dontInvert" });
    return found ? found.data : null;
  };
}

// A "Scan with the camera" button; its camera view opens below it until a code is read, the
// person stops it, or the camera cannot be used (then a line says why).
export function scanButton(onText, { label = t("net.scan") } = {}) {
  const video = h("video", { class: "qr-video", playsinline: true, muted: true, hidden: true });
  const problem = h("p", { class: "net-problem", role: "alert" });
  let stream = null;
  let running = false;
  const stop = () => {
    running = false;
    for (const track of stream?.getTracks() || []) track.stop();
    stream = null;
    video.hidden = true;
    button.textContent = label;
  };
  const button = h(
    "button",
    {
      type: "button",
      class: "button",
      "data-control": "net-scan",
      onclick: async () => {
        if (running) return stop();
        problem.textContent = "";
        if (!navigator.mediaDevices?.getUserMedia) {
          problem.textContent = t("net.no-camera");
          return;
        }
        try {
          stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        } catch {
          problem.textContent = t("net.no-camera");
          return;
        }
        running = true;
        button.textContent = t("net.scan-stop");
        video.srcObject = stream;
        video.hidden = false;
        await video.play().catch(() => {});
        let detect;
        try {
          detect = await detectorFor();
        } catch {
          stop();
          problem.textContent = t("net.no-reader");
          return;
        }
        while (running) {
          const text = await detect(video).catch(() => null);
          if (text) {
            stop();
            onText(text);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      },
    },
    label,
  );
  return h("div", { class: "net-scan" }, button, video, problem);
}
