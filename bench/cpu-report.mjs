// Preloaded (node --import) into the compiled server by bench/proxy.ts: answers the bench's "cpu"
// message with this process's CPU time, and exits when the bench lets go of it.
process.on('message', (message) => {
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});
process.on('disconnect', () => process.exit(0));
