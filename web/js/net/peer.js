// One WebRTC connection between two devices, with one ordered data channel (issue 29).
//
// No server of ours or anyone's takes part: by default the connection has no ICE servers at
// all, so only direct routes are tried (the same Wi-Fi, or reachable addresses) and no request
// leaves the players' devices. Candidates are gathered in full before a code is made (no
// trickle): the whole offer or answer then travels once, in a link or a pasted code.
//
//   const host = await offerPeer();          host.sdp -> the join code; later
//   await host.accept(answerSdp);            the guest's answer; host.channel opens
//   const guest = await answerPeer(offerSdp); guest.sdp -> the answer code; guest.channel
//                                             (a promise) opens once the host accepts
//
// A Peer reports its state to `onState("connecting"|"connected"|"lost")` and each message to
// `onMessage(text)`; `send(text)` sends one. Messages larger than MAX_MESSAGE are dropped
// unread (the receiver's rule; host.js and guest.js set tighter bounds of their own).

export const GATHER_MS = 5000; // gathering that has not completed by then uses what it has
export const MAX_MESSAGE = 256 * 1024;
const CHANNEL = "parlour";

// Resolve once `pc` has gathered its candidates (or after GATHER_MS, with those it has).
function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (pc.iceGatheringState !== "complete") return;
      pc.removeEventListener("icegatheringstatechange", done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      pc.removeEventListener("icegatheringstatechange", done);
      resolve();
    }, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", done);
  });
}

export class Peer {
  constructor(pc) {
    this.pc = pc;
    this.channel = null;
    this.state = "connecting";
    this.onState = () => {};
    this.onMessage = () => {};
    pc.addEventListener("connectionstatechange", () => {
      if (["failed", "closed"].includes(pc.connectionState)) this.#setState("lost");
      else if (pc.connectionState === "disconnected") this.#setState("lost");
    });
  }

  #setState(state) {
    if (this.state === state) return;
    if (this.state === "lost" && state !== "lost") return; // a lost connection stays lost
    this.state = state;
    this.onState(state);
  }

  attach(channel) {
    this.channel = channel;
    const open = () => this.#setState("connected");
    if (channel.readyState === "open") open();
    channel.addEventListener("open", open);
    channel.addEventListener("close", () => this.#setState("lost"));
    channel.addEventListener("message", ({ data }) => {
      if (typeof data !== "string" || data.length > MAX_MESSAGE) return;
      this.onMessage(data);
    });
  }

  send(text) {
    if (!this.channel || this.channel.readyState !== "open") return false;
    this.channel.send(text);
    return true;
  }

  close() {
    try {
      this.channel?.close();
    } finally {
      this.pc.close();
    }
    this.#setState("lost");
  }
}

const configuration = (iceServers) => ({ iceServers: iceServers || [] });

// Whether this browser has WebRTC at all (some have none: Debian's WebKitGTK is built
// without it). Without it the menu's "Play on several devices" is unavailable, and the host's
// lobby and a guest's join page say so plainly.
export const hasWebRTC = () => typeof RTCPeerConnection === "function";

// The host's side: an offer with its candidates; `accept(answerSdp)` completes it.
export async function offerPeer({ iceServers = [] } = {}) {
  const pc = new RTCPeerConnection(configuration(iceServers));
  const peer = new Peer(pc);
  peer.attach(pc.createDataChannel(CHANNEL, { ordered: true }));
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  peer.sdp = pc.localDescription.sdp;
  peer.accept = (sdp) => pc.setRemoteDescription({ type: "answer", sdp });
  return peer;
}

// The guest's side: the answer to `offerSdp`, with its candidates; the channel comes from
// the host once it accepts the answer.
export async function answerPeer(offerSdp, { iceServers = [] } = {}) {
  const pc = new RTCPeerConnection(configuration(iceServers));
  const peer = new Peer(pc);
  pc.addEventListener("datachannel", ({ channel }) => {
    if (channel.label === CHANNEL && !peer.channel) peer.attach(channel);
  });
  await pc.setRemoteDescription({ type: "offer", sdp: offerSdp });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  peer.sdp = pc.localDescription.sdp;
  return peer;
}
