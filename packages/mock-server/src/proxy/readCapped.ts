/** What {@link readCapped} got: the whole body, or the fact that it is larger than the cap. */
export type CappedBody =
  | { complete: true; bytes: Uint8Array<ArrayBuffer> }
  | { complete: false; declaredBytes: number | null };

/**
 * Reads the body of `response` into one exactly-sized `Uint8Array`, never holding more than
 * `maxBytes` of it: a body whose `Content-Length` says it is larger is not read at all, and one
 * that grows past the cap is cancelled at the chunk that passes it (fetch then closes the
 * connection, so the sender stops). Each chunk is read on its own turn of the event loop; the
 * one synchronous step is the final copy (a memcpy of at most `maxBytes`).
 *
 * Cost: O(body) bytes copied once; memory at most `maxBytes` plus one chunk.
 * @param maxBytes the cap, a non-negative integer
 * @throws the stream's error when the body breaks off before its end (a reset connection)
 * @example
 * await readCapped(new Response("abc"), 2) // => { complete: false, declaredBytes: null }
 * (await readCapped(new Response("abc"), 3)).complete // => true
 */
export async function readCapped(response: Response, maxBytes: number): Promise<CappedBody> {
  const declared = response.headers.get("content-length");
  const declaredBytes = declared !== null && /^\d+$/.test(declared.trim()) ? Number(declared) : null;
  if (declaredBytes !== null && declaredBytes > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return { complete: false, declaredBytes };
  }
  if (response.body === null) return { complete: true, bytes: new Uint8Array(0) };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      chunks.length = 0;
      await reader.cancel().catch(() => undefined);
      return { complete: false, declaredBytes };
    }
    chunks.push(value);
  }
  // Always a fresh buffer of exactly the body: a chunk may be a view on a larger pooled buffer,
  // which would travel whole if the bytes are posted to a worker thread.
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { complete: true, bytes };
}
