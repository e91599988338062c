// Request/response over the widget comm: {type, rid, ...} out, the same rid back with binary
// buffers decoded into typed arrays (the reply's `buffers` lists their keys, `dtypes` their types).
// Every request settles: with the kernel's reply, or with an error reply of our own when no reply
// came within the timeout (a late reply is then dropped) or when the reply cannot be decoded.
const ARRAYS = {
  u1: Uint8Array, u2: Uint16Array, u4: Uint32Array, i1: Int8Array, i2: Int16Array, i4: Int32Array,
  f4: Float32Array, f8: Float64Array, b1: Uint8Array,
};
export const DEFAULT_TIMEOUT_MS = 30000;

function toArray(buffer, dtype) {
  const Ctor = ARRAYS[dtype] || Uint8Array;
  const view = buffer instanceof DataView ? buffer : ArrayBuffer.isView(buffer) ? buffer : new DataView(buffer);
  const bytes = view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength); // aligned copy
  return new Ctor(bytes);
}

/** Turn a reply's content + buffers into one object with typed arrays in place. */
export function decodeReply(content, buffers) {
  const out = { ...content };
  (content.buffers || []).forEach((key, i) => {
    out[key] = toArray(buffers[i], (content.dtypes || {})[key]);
  });
  return out;
}

/** rpc(model, timeoutMs) -> {request(msg) -> Promise(reply), dispose()}; replies are matched by rid. */
export function createRpc(model, timeoutMs = DEFAULT_TIMEOUT_MS) {
  let nextRid = 1;
  const pending = new Map();
  function settle(rid, reply) {
    const entry = pending.get(rid);
    if (!entry) return;
    pending.delete(rid);
    clearTimeout(entry.timer);
    entry.resolve(reply);
  }
  const onMsg = (content, buffers) => {
    if (!content || content.rid === undefined || !pending.has(content.rid)) return;
    let reply;
    try {
      reply = decodeReply(content, buffers || []);
    } catch (err) {
      reply = { type: "error", request: pending.get(content.rid).type, error: `the reply could not be read: ${err}` };
    }
    settle(content.rid, reply);
  };
  model.on("msg:custom", onMsg);
  return {
    request(message) {
      const rid = nextRid++;
      return new Promise((resolve) => {
        const timer = setTimeout(() => settle(rid, {
          type: "error", request: message.type, timeout: true,
          error: `no reply from the kernel after ${Math.round(timeoutMs / 1000)} s (is it busy or stopped?)`,
        }), timeoutMs);
        pending.set(rid, { resolve, timer, type: message.type });
        model.send({ ...message, rid });
      });
    },
    dispose() {
      model.off("msg:custom", onMsg);
      for (const entry of pending.values()) clearTimeout(entry.timer);
      pending.clear();
    },
  };
}
