import '@mantine/dates/styles.css';
import { QA_DATE_PRESETS } from '@agaton/contracts';
import { DatePickerInput, type DatePickerPreset, type DatesRangeValue } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { QA_LABELS as L } from '../texts';
import { pickedPeriod, presetPeriod, type QaPeriod, recentPeriod } from '../utils/date-range';

const day = (value: Date) => dayjs(value).format('YYYY-MM-DD');

/** The spec's date presets (spec 3 §2.5) and the last 30 days, as the picker's day ranges. */
function periodPresets(now: Date): DatePickerPreset<'range'>[] {
  const last30 = recentPeriod(now);
  return [
    ...QA_DATE_PRESETS.map((preset) => {
      const period = presetPeriod(preset, now);
      return { label: preset, value: [day(period.from), day(period.to)] as [string, string] };
    }),
    { label: L.filters.last30Days, value: [day(last30.from), day(last30.to)] },
  ];
}

/**
 * The QA screens' date range: days picked on a calendar or by a preset, each period ending at 23:59:59
 * of its last day. A half-picked range waits for its end; a cleared one (when `clearable`) is null.
 */
export function PeriodPicker(props: {
  initial: QaPeriod;
  onChange: (period: QaPeriod | null) => void;
  clearable?: boolean;
}) {
  const [range, setRange] = useState<DatesRangeValue>([props.initial.from, props.initial.to]);
  const presets = useMemo(() => periodPresets(new Date()), []);
  // This week and this month end on their last day, so a preset may reach past today.
  const maxDate = useMemo(
    () => presets.reduce((last, p) => (p.value[1] && p.value[1] > last ? p.value[1] : last), day(new Date())),
    [presets],
  );
  // Beside the calendar the presets need room: a phone gets the picker in a modal.
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <DatePickerInput
      type="range"
      label={L.filters.dateRange}
      w={270}
      value={range}
      onChange={(value) => {
        setRange(value);
        if (!value[0] && !value[1]) props.onChange(null);
        const period = pickedPeriod(value);
        if (period) props.onChange(period);
      }}
      presets={presets}
      dropdownType={narrow ? 'modal' : 'popover'}
      clearable={props.clearable}
      valueFormat="D MMM YYYY"
      allowSingleDateInRange
      maxDate={maxDate}
    />
  );
}
