import type { ChatCitation } from '@agaton/contracts';

/** What the assistant did while answering, for the diagnostic panel. */
export interface AnswerStep {
  kind: string;
  detail: string;
}

/** A finished answer: Markdown with inline links, and the same links as citations. */
export interface Answer {
  markdown: string;
  citations: ChatCitation[];
  steps: AnswerStep[];
}

/** Collects lines, links and steps of one answer. */
export class AnswerBuilder {
  private readonly lines: string[] = [];
  private readonly cited = new Map<string, ChatCitation>();
  readonly steps: AnswerStep[] = [];

  step(kind: string, detail: string) {
    this.steps.push({ kind, detail });
    return this;
  }

  /** A Markdown link that is also listed as a citation. */
  link(label: string, href: string): string {
    if (!this.cited.has(href)) this.cited.set(href, { label, href });
    return `[${label.replace(/[[\]]/g, '')}](${href})`;
  }

  line(text = '') {
    this.lines.push(text);
    return this;
  }

  done(): Answer {
    return {
      markdown: this.lines
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim(),
      citations: [...this.cited.values()],
      steps: this.steps,
    };
  }
}

/** Links to the pages a number comes from, for the asker's area. */
export interface Links {
  session(sessionId: string): string;
  report(reportId: string): string;
  article?(slug: string): string;
}

export const coachLinks: Links = {
  session: (id) => `/coach/sessions/${id}`,
  report: (id) => `/coach/coaching-reports/${id}`,
  article: (slug) => `/coach/learning/${slug}`,
};

export const adminLinks = (userId: string): Links => ({
  session: (id) => `/dashboard/assistant/user/${userId}/session/${id}`,
  report: (id) => `/dashboard/assistant/user/${userId}/report/${id}`,
});

/** Signed difference: "+4", "−3", "±0". */
export function delta(now: number, before: number): string {
  const d = Math.round(now - before);
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '±0';
}

/** Answers to the parts of one question, one after the other, as one answer. */
export function joinAnswers(parts: Answer[]): Answer {
  const cited = new Map<string, ChatCitation>();
  for (const part of parts) for (const c of part.citations) if (!cited.has(c.href)) cited.set(c.href, c);
  return {
    markdown: parts.map((p) => p.markdown).join('\n\n'),
    citations: [...cited.values()],
    steps: parts.flatMap((p, i) => [{ kind: 'part', detail: `${i + 1} of ${parts.length}` }, ...p.steps]),
  };
}
