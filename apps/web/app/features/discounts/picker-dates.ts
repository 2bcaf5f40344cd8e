import dayjs from 'dayjs';

/**
 * The discount forms' dates: Mantine's pickers hold the browser's local time as
 * "YYYY-MM-DD HH:mm:ss"; the API takes and gives instants (ISO, UTC).
 */
export const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const toPicker = (iso: string) => dayjs(iso).format(PICKER_FORMAT);

/** The picker's value as an instant; '' when empty or not a date (the schema says why). */
export const fromPicker = (value: string | null) =>
  value && dayjs(value).isValid() ? dayjs(value).toDate().toISOString() : '';

/** Now, to the whole minute, `days` ahead, in the picker's format (a new offer's start or end). */
export const pickerIn = (days: number) => dayjs().second(0).add(days, 'day').format(PICKER_FORMAT);

/**
 * Whether an end the merchant just typed is already past by the browser's clock (SPEC §5 "End
 * date cannot be in the past"; the server checks again with its own). An end left as it was may
 * be past: an ended offer can still be edited.
 */
export function newEndIsPast(value: string | null, initial: string | null | undefined): boolean {
  const end = fromPicker(value);
  return Boolean(end) && value !== initial && Date.parse(end) <= Date.now();
}
