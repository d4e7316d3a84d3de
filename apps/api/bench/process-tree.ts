import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds (utime + stime) and RSS of every process under `pid`, read from /proc. */
export function processTree(pid: number): { cpu: Map<number, number>; rss: number } {
  const cpu = new Map<number, number>();
  let rss = 0;
  const tick = 100;
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {}
  }
  const visit = (p: number) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(p, (Number(f[11]) + Number(f[12])) / tick);
      rss += Number(f[21]) * 4096;
    } catch {}
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return { cpu, rss };
}
