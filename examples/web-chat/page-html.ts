/** The page: a root for React and the bundled script, with a few lines of style. */
export const pageHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>engram web chat</title>
<link rel="icon" href="data:,">
<style>
  body { font: 15px/1.45 system-ui, sans-serif; margin: 0; background: #f6f6f4; color: #1d1d1b; }
  main { max-width: 46rem; margin: 0 auto; padding: 1rem 1.25rem 2rem; }
  h1 { font-size: 1.2rem; margin: 0.5rem 0; }
  .hint { color: #666; font-size: 0.85rem; }
  #messages { list-style: none; padding: 0; display: flex; flex-direction: column; gap: 0.6rem; }
  .message { padding: 0.5rem 0.8rem; border-radius: 0.6rem; max-width: 85%; }
  .message p { margin: 0.2rem 0; white-space: pre-wrap; }
  .user { align-self: flex-end; background: #dcebff; }
  .assistant { align-self: flex-start; background: #fff; border: 1px solid #e2e2de; }
  .tool { font: 12px ui-monospace, monospace; color: #5a5a55; }
  #error { color: #b00020; }
  form { display: flex; gap: 0.5rem; padding: 0.8rem 0; }
  input { flex: 1; padding: 0.55rem 0.7rem; font: inherit; border: 1px solid #ccc; border-radius: 0.5rem; }
  button { padding: 0.55rem 1rem; font: inherit; border-radius: 0.5rem; border: 0; background: #1d1d1b; color: #fff; }
  #stop { background: #b00020; }
</style>
</head>
<body>
<div id="root"></div>
<script type="module" src="/client.js"></script>
</body>
</html>
`;
