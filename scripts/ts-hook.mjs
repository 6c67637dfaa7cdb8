// Loaded through .npmrc's node-options for every process npm starts from this folder.
// Node >= 22.18 strips types itself (process.features.typescript); older Node needs a loader for .ts/.mts.
// It must never fail: npm also applies node-options to dependencies' install scripts, before tsx exists.
if (!process.features.typescript) {
  try {
    const { register } = await import('tsx/esm/api')
    register()
  } catch {}
}
