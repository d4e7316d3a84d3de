import { CEFR_BENCHMARKS, CEFR_LEVELS, CEFR_NAMES, type ResultsBlob } from '@agaton/contracts';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { usePhone } from '../../../../lib/use-phone';
import { RT_LABELS } from '../../texts';
import classes from './report.module.css';
import { ReportSection } from './report-parts';

const H = RT_LABELS.benchmarkColumns;

/** The CEFR by skill line (how the rating was combined is in docs/decisions/015). */
export function SkillsLine({ skills }: { skills: ResultsBlob['cefrBySkill'] }) {
  return (
    <Group gap="xs" data-testid="cefr-skills">
      <Text size="sm" fw={600}>
        {RT_LABELS.skills}:
      </Text>
      {(['speaking', 'listening', 'reading'] as const).map((skill) => (
        <Badge key={skill} variant="outline" tt="none" size="lg">
          {RT_LABELS.skillNames[skill]} {skills[skill]}
        </Badge>
      ))}
    </Group>
  );
}

/** The scales of the benchmark table after the CEFR; a phone shows those marked `phone`. */
const SCALES = [
  { key: 'toeflIbt', header: H.toefl, phone: true },
  { key: 'toeic', header: H.toeic, phone: false },
  { key: 'ielts', header: H.ielts, phone: true },
  { key: 'cambridge', header: H.cambridge, phone: false },
  { key: 'gse', header: H.gse, phone: false },
] as const;

/**
 * The benchmark table (spec 2 §2): CEFR against TOEFL iBT, TOEIC, IELTS, the Cambridge scale
 * (80–230) and the Global Scale of English (22–90), the candidate's row highlighted, and the sources.
 * A phone shows the CEFR with TOEFL iBT and IELTS, so the table fits without a sideways scroll.
 */
export function BenchmarkSection({ rating }: { rating: ResultsBlob['cefrRating'] }) {
  const phone = usePhone();
  const scales = SCALES.filter((s) => !phone || s.phone);
  return (
    <ReportSection title={RT_LABELS.benchmark} testId="report-benchmark">
      <Table.ScrollContainer minWidth={phone ? 0 : 620}>
        <Table withTableBorder withColumnBorders verticalSpacing={6} fz="sm" className={classes.benchmark}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{H.cefr}</Table.Th>
              {scales.map((s) => (
                <Table.Th key={s.key}>{s.header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {CEFR_LEVELS.map((level) => {
              const row = CEFR_BENCHMARKS[level];
              const mine = level === rating;
              return (
                <Table.Tr
                  key={level}
                  className={mine ? classes.highlight : undefined}
                  aria-current={mine ? 'true' : undefined}
                  data-testid={`benchmark-${level}`}
                >
                  <Table.Th scope="row">
                    {level} {CEFR_NAMES[level]}
                    {mine ? (
                      <Badge display="block" mt={2} size="xs" tt="none">
                        {RT_LABELS.candidateRow}
                      </Badge>
                    ) : null}
                  </Table.Th>
                  {scales.map((s) => (
                    <Table.Td key={s.key}>{row[s.key]}</Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={2} mt="sm" data-testid="benchmark-sources">
        <Text size="xs" c="dimmed" fw={600}>
          {RT_LABELS.sourcesTitle}
        </Text>
        {RT_LABELS.sources.map((line) => (
          <Text key={line} size="xs" c="dimmed">
            {line}
          </Text>
        ))}
      </Stack>
    </ReportSection>
  );
}
