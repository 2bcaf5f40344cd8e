import {
  Badge,
  Button,
  Group,
  List,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  EMPLOYEE_LEVELS,
  EMPLOYEES_PER_MARKET,
  type Employee,
  type EmployeeLevel,
  inviteEmployeeSchema,
} from '@shop/shared';
import { IconSend, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/display';
import { errorText, fieldErrors, localizedResolver, useApiSubmit } from '../../lib/form';
import { useDeleteTarget } from '../../ui/confirm-delete';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useNotice } from '../../ui/notice';
import { EmptyState, LoadError } from '../../ui/panel';
import { useRootData } from '../../ui/preferences';
import { employeesQuery, useInviteEmployee, useRemoveEmployee, useUpdateEmployee } from './queries';

const STATUS_COLOURS: Record<Employee['status'], string> = { active: 'teal', invited: 'blue', expired: 'gray' };

/** The levels as a select's options, each with what it opens. */
function useLevelOptions() {
  const { t } = useTranslation();
  return EMPLOYEE_LEVELS.map((level) => ({ value: level, label: t(`employees.levels.${level}.name`) }));
}

/**
 * The store's people (SPEC §6; decision 022): the owner invites a person by e-mail at a level,
 * changes a level (it holds from the person's next click), invites again when a link ran out,
 * and removes a person or withdraws an invitation — at once.
 */
export function EmployeesPage({ marketId, timeZone }: { marketId: string; timeZone: string }) {
  const { t } = useTranslation();
  const people = useQuery(employeesQuery(marketId));
  return (
    <Stack gap="lg">
      <LevelsExplained />
      {people.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton h={140} radius="lg" />
          <Skeleton h={200} radius="lg" />
        </Stack>
      ) : people.isError ? (
        <LoadError error={people.error} onRetry={() => people.refetch()} />
      ) : (
        <>
          <InviteForm marketId={marketId} count={people.data.length} />
          {people.data.length === 0 ? (
            <EmptyState
              icon={<IconUsers size={30} aria-hidden />}
              title={t('employees.empty.title')}
              text={t('employees.empty.text')}
              testId="employees-empty"
            />
          ) : (
            <PeopleTable marketId={marketId} people={people.data} timeZone={timeZone} />
          )}
        </>
      )}
    </Stack>
  );
}

function LevelsExplained() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="levels-title">
      <Title order={2} size="h4" id="levels-title" mb="xs">
        {t('employees.levels.title')}
      </Title>
      <List spacing={4} size="sm">
        {EMPLOYEE_LEVELS.map((level) => (
          <List.Item key={level}>
            <Text span fw={600} size="sm">
              {t(`employees.levels.${level}.name`)}
            </Text>
            {' — '}
            {t(`employees.levels.${level}.text`)}
          </List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed" mt="xs">
        {t('employees.levels.ownerOnly')}
      </Text>
    </Paper>
  );
}

function InviteForm({ marketId, count }: { marketId: string; count: number }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const invite = useInviteEmployee(marketId);
  const options = useLevelOptions();
  const resolve = localizedResolver(inviteEmployeeSchema, t);
  const form = useForm({
    initialValues: { email: '', level: 'orders' as EmployeeLevel },
    validate: (values) => resolve(values),
  });
  const full = count >= EMPLOYEES_PER_MARKET;
  const { busy, onSubmit } = useApiSubmit(
    form,
    async (values) => {
      const person = await invite.mutateAsync(values);
      form.reset();
      notice(t('employees.invite.sent', { email: person.email }));
    },
    // A refusal about the e-mail (the owner's own, someone already working here) is said at the field.
    (error) => {
      if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) return false;
      form.setErrors(fieldErrors(error, t));
      return true;
    },
  );
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invite-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="invite-title">
            {t('employees.invite.title')}
          </Title>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('employees.invite.email')}
              type="email"
              autoComplete="off"
              disabled={full}
              style={{ flex: '1 1 260px' }}
              data-testid="invite-email"
              {...form.getInputProps('email')}
            />
            <Select
              label={t('employees.invite.level')}
              data={options}
              allowDeselect={false}
              disabled={full}
              style={{ flex: '0 1 220px' }}
              data-testid="invite-level"
              {...form.getInputProps('level')}
            />
            <Button
              type="submit"
              loading={busy}
              disabled={full}
              leftSection={<IconSend size={16} aria-hidden />}
              mt={{ base: 0, xs: 25 }}
              data-testid="invite-submit"
            >
              {t('employees.invite.submit')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {full ? t('messages:EMPLOYEE_LIMIT') : t('employees.invite.hint')}
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}

function PeopleTable({ marketId, people, timeZone }: { marketId: string; people: Employee[]; timeZone: string }) {
  const { t } = useTranslation();
  const { language } = useRootData();
  const notice = useNotice();
  const options = useLevelOptions();
  const update = useUpdateEmployee(marketId);
  const invite = useInviteEmployee(marketId);
  const remove = useRemoveEmployee(marketId);
  const removal = useDeleteTarget<Employee>();
  const target = removal.target;

  const changeLevel = (person: Employee, level: EmployeeLevel) =>
    update.mutate(
      { id: person.id, level },
      {
        onSuccess: () =>
          notice(
            t('employees.table.levelChanged', {
              who: person.name ?? person.email,
              level: t(`employees.levels.${level}.name`),
            }),
          ),
        onError: (error) => notice(errorText(error, t), 'error'),
      },
    );
  const inviteAgain = (person: Employee) =>
    invite.mutate(
      { email: person.email, level: person.level },
      {
        onSuccess: () => notice(t('employees.invite.sent', { email: person.email })),
        onError: (error) => notice(errorText(error, t), 'error'),
      },
    );
  const confirmRemove = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => {
        notice(
          t(target.status === 'active' ? 'employees.remove.removed' : 'employees.remove.withdrawn', {
            who: target.name ?? target.email,
          }),
        );
        removal.close();
      },
      onError: (error) => removal.fail(errorText(error, t)),
    });
  };

  return (
    <Paper withBorder radius="lg" p={0} component="section" aria-labelledby="people-title">
      <Title order={2} size="h4" id="people-title" p={{ base: 'md', sm: 'lg' }} pb={0}>
        {t('employees.table.title')}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" horizontalSpacing="lg" data-testid="employees">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('employees.table.person')}</Table.Th>
              <Table.Th>{t('employees.table.status')}</Table.Th>
              <Table.Th>{t('employees.table.level')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('employees.table.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {people.map((person) => (
              <Table.Tr key={person.id} data-testid="employee-row" data-email={person.email}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {person.name ?? person.email}
                  </Text>
                  {person.name && (
                    <Text size="xs" c="dimmed">
                      {person.email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLOURS[person.status]} data-testid="employee-status">
                    {t(`employees.status.${person.status}`)}
                  </Badge>
                  <Text size="xs" c="dimmed" mt={2}>
                    {person.status === 'active'
                      ? t('employees.table.since', { date: formatDate(person.since, language, timeZone, t) })
                      : t(person.status === 'invited' ? 'employees.table.expires' : 'employees.table.expired', {
                          date: formatDate(person.expiresAt ?? person.since, language, timeZone, t),
                        })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={t('employees.table.levelOf', { who: person.name ?? person.email })}
                    data={options}
                    value={person.level}
                    allowDeselect={false}
                    onChange={(level) => level && level !== person.level && changeLevel(person, level as EmployeeLevel)}
                    w={200}
                    data-testid="employee-level"
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {person.status !== 'active' && (
                      <Button
                        variant="subtle"
                        size="xs"
                        onClick={() => inviteAgain(person)}
                        data-testid="employee-resend"
                      >
                        {t('employees.table.resend')}
                      </Button>
                    )}
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      onClick={() => removal.ask(person)}
                      data-testid="employee-remove"
                    >
                      {t(person.status === 'active' ? 'employees.remove.action' : 'employees.remove.withdraw')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={target !== null}
        title={t(target?.status === 'active' ? 'employees.remove.title' : 'employees.remove.withdrawTitle')}
        error={removal.error}
        pending={remove.isPending}
        confirmLabel={t(target?.status === 'active' ? 'employees.remove.action' : 'employees.remove.withdraw')}
        color="red"
        onConfirm={confirmRemove}
        onClose={removal.close}
        testId="confirm-remove"
        disableAfterError
      >
        <Text size="sm">
          {t(target?.status === 'active' ? 'employees.remove.text' : 'employees.remove.withdrawText', {
            who: target?.name ?? target?.email ?? '',
          })}
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
