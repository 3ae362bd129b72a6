// The editable page's worker: the compiler and solver in WebAssembly (app/web/), so the page never
// waits on a solve. scripts/web.sh puts it after the module and movimentum_web.js (which defines
// createMovimentum) as build-web/page/solver.js. An edit is answered as the desktop editor answers
// it: first the frame under the playhead solved alone from the frame shown, then the frames solved
// in order as they come (from the playhead's on), then every frame; the first and last answers
// carry what `check` prints, each the player's data (solver/api/player_data.h). A `solve` request
// is answered with what `solve --json` prints. The page ends a worker that is still solving when
// the next edit comes and starts another (editor.js), which is how a long solve is cancelled.
// The module comes with this script, compressed (movimentumModule, scripts/web.sh): nothing is
// fetched.
async function moduleBytes() {
  const packed = Uint8Array.from(atob(movimentumModule), (c) => c.charCodeAt(0));
  const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).arrayBuffer();
}
const ready = moduleBytes().then((wasmBinary) => createMovimentum({ wasmBinary }));
self.onmessage = async ({ data }) => {
  const movimentum = await ready;
  const { id, kind, text, name, images, frame, before } = data;
  if (kind === 'solve') {
    self.postMessage({ id, stage: 'done', json: movimentum.solveJson(text, name, '', images) });
    return;
  }
  // The frame under the playhead first, solved from the one the page shows (`before`: its text and
  // its things' poses), as the desktop editor solves it from the animation before the edit.
  const first = movimentum.preview(text, name, '', images, frame, before.text, before.poses);
  self.postMessage({ id, stage: 'preview', check: first.check, player: first.player });
  // Errors leave nothing to solve: the preview said all there is.
  const all = first.player
    ? movimentum.stream(text, name, '', images, frame,
                        (player) => self.postMessage({ id, stage: 'partial', player }))
    : first;
  self.postMessage({ id, stage: 'done', check: all.check, player: all.player });
};
