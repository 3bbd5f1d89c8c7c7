import http from 'node:http';

/** Where the server's memory and CPU are read: this process (an in-process app) or the server's own. */
export interface ServerProbe {
  rss(): number;
  /** The JS heap, when the server runs in this process; null when it is another process. */
  heap(): number | null;
  cpuMs(): number;
}

/** The server runs in this process: its figures include the reader's (which only counts bytes). */
export const THIS_PROCESS: ServerProbe = {
  rss: () => process.memoryUsage().rss,
  heap: () => process.memoryUsage().heapUsed,
  cpuMs: () => {
    const cpu = process.cpuUsage();
    return (cpu.user + cpu.system) / 1000;
  },
};

/**
 * GETs `url` over a real socket, counting the body's bytes as they arrive (as sent: not
 * decompressed) and dropping them, so that the server streams to a reader instead of inject
 * collecting the answer; samples the server's memory meanwhile. Answers the bytes, and the peak
 * growth of the server's resident memory and of its JS heap (garbage not yet collected included;
 * null for a server in another process), and the server's CPU time meanwhile: on a loaded machine
 * a steadier figure of the API's own cost than the elapsed time.
 */
export function streamedGet(
  url: string,
  headers: Record<string, string>,
  probe: ServerProbe = THIS_PROCESS,
): Promise<{ bytes: number; growth: number; heap: number | null; cpuMs: number }> {
  const rssBefore = probe.rss();
  const heapBefore = probe.heap();
  const cpuBefore = probe.cpuMs();
  let peak = rssBefore;
  let peakHeap = heapBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, probe.rss());
    const heap = probe.heap();
    if (heap !== null && peakHeap !== null) peakHeap = Math.max(peakHeap, heap);
  }, 10);
  return new Promise<{ bytes: number; growth: number; heap: number | null; cpuMs: number }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          peak = Math.max(peak, probe.rss());
          resolve({ bytes, growth: peak - rssBefore, heap: peakHeap === null || heapBefore === null ? null : peakHeap - heapBefore, cpuMs: probe.cpuMs() - cpuBefore });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  }).finally(() => clearInterval(sampler));
}
