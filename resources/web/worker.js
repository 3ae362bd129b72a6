// The editable page's worker: the compiler and solver in WebAssembly (app/web/), so the page never
// waits on a solve. Appended to movimentum_web.js (which defines createMovimentum) when the page
// is put together. Each request carries the script's text; the answer carries what `check` prints
// and what `solve --json` prints for it. The page ends a worker that is still solving when the
// next edit comes and starts another (editor.js), which is how a long solve is cancelled.
const ready = createMovimentum();
self.onmessage = async ({ data }) => {
  const movimentum = await ready;
  const { id, text, name, images } = data;
  const { check, json } = movimentum.answer(text, name, '', images);
  self.postMessage({ id, check, json });
};
