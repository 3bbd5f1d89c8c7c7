import http from 'node:http';

/**
 * GETs `url` over a real socket, counting the body's bytes as they arrive (as sent: not
 * decompressed) and dropping them, so that the server streams to a reader instead of inject
 * collecting the answer; samples the process' memory meanwhile. Answers the bytes, and the peak
 * growth of the resident memory and of the JS heap (garbage not yet collected included), and the
 * CPU time this process spent meanwhile (the server's work, plus the reader's, which only counts
 * bytes): on a loaded machine a steadier figure of the API's own cost than the elapsed time.
 */
export function streamedGet(url: string, headers: Record<string, string>): Promise<{ bytes: number; growth: number; heap: number; cpuMs: number }> {
  const before = process.memoryUsage();
  const cpuBefore = process.cpuUsage();
  let peak = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 10);
  return new Promise<{ bytes: number; growth: number; heap: number; cpuMs: number }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          const cpu = process.cpuUsage(cpuBefore);
          resolve({ bytes, growth: peak - before.rss, heap: peakHeap - before.heapUsed, cpuMs: (cpu.user + cpu.system) / 1000 });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  }).finally(() => clearInterval(sampler));
}
