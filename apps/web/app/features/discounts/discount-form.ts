import { useForm } from '@mantine/form';
import { type DiscountInput, type DiscountView, discountInputSchema } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrors, localizedResolver } from '../../lib/form';
import { useNotice } from '../../ui/notice';
import { newEndIsPast } from './picker-dates';
import { useSaveDiscount } from './queries';

/**
 * A pop-up's or a code's form: checked by the shared schema (and an end not in the past by the
 * browser's clock), saved through POST or PUT /Discount; the server's field errors land at their
 * fields, any other failure is a notice.
 */
export function useDiscountForm<Values extends { endsAt: string | null }>({
  id,
  initialValues,
  inputOf,
  onSaved,
}: {
  /** The saved discount's id; none for a new one. */
  id?: string;
  initialValues: Values;
  inputOf: (values: Values) => DiscountInput;
  onSaved: (saved: DiscountView) => void;
}) {
  const { t } = useTranslation();
  const notice = useNotice();
  const save = useSaveDiscount();
  const resolve = localizedResolver(discountInputSchema, t);
  const form = useForm<Values>({
    initialValues,
    validate: (values) => {
      const errors: Record<string, string> = resolve(inputOf(values));
      if (!errors.endsAt && newEndIsPast(values.endsAt, initialValues.endsAt)) {
        errors.endsAt = t('messages:endDateInPast');
      }
      return errors;
    },
  });
  const submit = form.onSubmit((values) => {
    save.mutate(
      { id, input: inputOf(values) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const fields = fieldErrors(error, t);
          form.setErrors(fields);
          if (Object.keys(fields).length === 0) notice(errorText(error, t), 'error');
        },
      },
    );
  });
  return { form, submit, saving: save.isPending };
}
