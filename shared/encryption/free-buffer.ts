// Frees an ArrayBuffer's memory now instead of at the next garbage collection (docs/encrypted-shares.md,
// "Speed and memory of the decrypting download"): a buffer in the transfer list of a MessagePort whose
// other end is closed is detached and the message dropped (HTML, postMessage), and the browser releases
// the memory at once. Letting go of a buffer leaves it to the collector, which in a worker that allocates
// little comes late; detaching it in JavaScript (`ArrayBuffer.prototype.transfer`) empties the view but
// not what the browser still references. The buffer must not be read again by anyone.
let drain: MessagePort | null = null;

export function freeBuffer(buffer: ArrayBuffer): void {
  if (!drain) {
    const { port1, port2 } = new MessageChannel();
    port2.close();
    drain = port1;
  }
  drain.postMessage(null, [buffer]);
}
