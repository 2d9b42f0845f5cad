'use client';

import { useId, useState, type FormEvent } from 'react';
import { usePathname } from 'next/navigation';
import { rangePresets, type RangePresetId } from '@/lib/time/range';
import { DEFAULT_RANGE } from '@/lib/views/range';
import { useFrameState } from '@/lib/views/hooks';
import { formatDayRange } from '@/lib/format/time';
import { customRangeProblem, unreadableCustomRange } from './custom-range-check';
import { describeRange } from './describe-range';

export interface DateRangePickerProps {
  /** The selected shop's IANA zone: every preset is a range of days on that shop's calendar. */
  timeZone: string | undefined;
  /** Said instead of a zone when the page has none of its own (every shop on its own calendar). */
  zoneLabel?: string;
}

export function DateRangePicker({ timeZone, zoneLabel }: DateRangePickerProps) {
  const id = useId();
  const { frame, selectPreset, selectCustom } = useFrameState();
  const resolved = timeZone ? describeRange(frame, timeZone) : undefined;
  // The picker lives in the header, which stays mounted from page to page: dates typed but not
  // applied, and their problem, belong to the page they were typed on and are dropped on the next.
  const pathname = usePathname() ?? '';
  const [editingOn, setEditingOn] = useState<string | null>(null);
  const [problemOn, setProblemOn] = useState<{ path: string; text: string } | null>(null);
  const editing = editingOn !== null && editingOn === pathname;
  const setEditing = (on: boolean) => setEditingOn(on ? pathname : null);
  const problem = problemOn?.path === pathname ? problemOn.text : null;
  const setProblem = (text: string | null) => setProblemOn(text === null ? null : { path: pathname, text });
  const fallback = rangePresets.find((p) => p.id === DEFAULT_RANGE)?.label ?? DEFAULT_RANGE;
  const showCustom = editing || frame.range === 'custom';

  function onPreset(value: RangePresetId) {
    setProblem(null);
    if (value === 'custom') {
      setEditing(true);
      return;
    }
    setEditing(false);
    void selectPreset(value);
  }

  function onApply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const from = String(data.get('from') ?? '');
    const to = String(data.get('to') ?? '');
    const why = customRangeProblem(from, to);
    setProblem(why);
    if (why === null) {
      setEditing(false);
      void selectCustom(from, to);
    }
  }

  return (
    <div className="range-picker">
      <div className="field">
        <label htmlFor={`${id}-preset`}>Date range</label>
        <select
          id={`${id}-preset`}
          className="select"
          value={showCustom ? 'custom' : frame.range}
          onChange={(event) => onPreset(event.target.value as RangePresetId)}
        >
          {rangePresets.map((preset) => (
            <option key={preset.id} value={preset.id}>
              {preset.label}
            </option>
          ))}
        </select>
      </div>
      {showCustom ? (
        <form className="custom-range" onSubmit={onApply} key={`${pathname} ${resolved?.from}-${resolved?.to}`}>
          <div className="field">
            <label htmlFor={`${id}-from`}>From</label>
            <input id={`${id}-from`} name="from" type="date" className="input" defaultValue={resolved?.from} required />
          </div>
          <div className="field">
            <label htmlFor={`${id}-to`}>To</label>
            <input id={`${id}-to`} name="to" type="date" className="input" defaultValue={resolved?.to} required />
          </div>
          <button type="submit" className="btn btn-primary">
            Apply
          </button>
        </form>
      ) : null}
      {problem ? (
        <p className="range-problem negative" role="alert">
          {problem}
        </p>
      ) : unreadableCustomRange(frame) ? (
        <p className="range-problem" role="status">
          The dates in this link could not be read, so {fallback} is shown. Pick the days and apply.
        </p>
      ) : null}
      <p className="range-summary muted" aria-live="polite">
        {resolved ? <span>{formatDayRange(resolved.from, resolved.to)}</span> : null}
        <span className="tz-badge" title="Dates and times are on this shop's clock">
          Time zone: {timeZone ?? zoneLabel ?? '…'}
        </span>
      </p>
    </div>
  );
}
