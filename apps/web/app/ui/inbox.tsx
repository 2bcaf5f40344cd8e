import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ComponentProps, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/form';
import { pageCount } from '../lib/use-list-view';
import { ListEmpty } from './list-empty';
import { ListFooter } from './list-footer';

/**
 * The staff's inboxes (visitors' requests, job applications): what they filter by and the list of
 * what arrived, a page at a time — one frame, each inbox its own items.
 */

const DIVIDER = '1px solid var(--mantine-color-default-border)';

/** A filter's choice with how many new ones it holds (a badge, and its words for screen readers). */
export function CountedLabel({
  label,
  count,
  countText,
  testId,
}: {
  label: string;
  count: number;
  countText: string;
  testId: string;
}) {
  return (
    <Group gap={6} wrap="nowrap" justify="center">
      <span>{label}</span>
      {count > 0 && (
        <>
          <Badge size="sm" circle={count < 10} variant="filled" color="blue" aria-hidden data-testid={testId}>
            {count}
          </Badge>
          <VisuallyHidden>{countText}</VisuallyHidden>
        </>
      )}
    </Group>
  );
}

/** A filter of a few choices side by side, one above another on a narrow screen. */
export function ChoiceFilter({
  id,
  label,
  narrow,
  ...control
}: { id: string; label: string; narrow: boolean } & Pick<
  ComponentProps<typeof SegmentedControl>,
  'value' | 'onChange' | 'data'
> & { 'data-testid': string }) {
  return (
    <Stack gap={6} w={narrow ? '100%' : undefined}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        orientation={narrow ? 'vertical' : 'horizontal'}
        fullWidth={narrow}
        {...control}
      />
    </Stack>
  );
}

/**
 * An item moved out of the filter (marked answered, moved to interview) can empty the last page:
 * the view steps back to the new last one.
 */
export function useLastPageKept(
  list: UseQueryResult<{ total: number } | undefined>,
  page: number,
  pageSize: number,
  toPage: (page: number) => void,
) {
  const lastPage = pageCount(list.data?.total ?? 0, pageSize);
  const ran = Boolean(list.data) && !list.isPlaceholderData && page > lastPage;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a page that ran out moves the view.
  useEffect(() => {
    if (ran) toPage(lastPage);
  }, [ran, lastPage]);
}

interface InboxBodyProps<Item extends { id: string }> {
  list: UseQueryResult<{ items: Item[]; total: number } | undefined>;
  filtered: boolean;
  retryLabel: string;
  empty: { icon: ReactNode; title: string; text: string; testId: string; clearLabel: string; onClear: () => void };
  testId: string;
  /** A placeholder item's lines while the first page loads. */
  placeholder: ReactNode;
  item: (item: Item) => ReactNode;
  footer: Omit<ComponentProps<typeof ListFooter>, 'total'>;
}

/** The inbox's list: its failure with a retry, nothing (or nothing that matches), or its page of items. */
export function InboxBody<Item extends { id: string }>({
  list,
  filtered,
  retryLabel,
  empty,
  testId,
  placeholder,
  item,
  footer,
}: InboxBodyProps<Item>) {
  const { t } = useTranslation();
  const page = list.data;
  const total = page?.total ?? 0;
  if (list.isError && !page) {
    return (
      <Alert color="red" title={errorText(list.error, t)}>
        <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
          {retryLabel}
        </Button>
      </Alert>
    );
  }
  if (page && total === 0 && !list.isPlaceholderData) {
    return (
      <ListEmpty
        filtered={filtered}
        icon={empty.icon}
        title={empty.title}
        text={empty.text}
        maw={480}
        testId={empty.testId}
      >
        {filtered && (
          <Button variant="light" onClick={empty.onClear}>
            {empty.clearLabel}
          </Button>
        )}
      </ListEmpty>
    );
  }
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Box
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none', opacity: list.isPlaceholderData ? 0.6 : 1 }}
        aria-busy={list.isFetching}
        data-testid={testId}
      >
        {!page
          ? Array.from({ length: 3 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else.
              <Box component="li" key={i} p="md" style={{ borderTop: i ? DIVIDER : undefined }}>
                {placeholder}
              </Box>
            ))
          : page.items.map((one, i) => (
              <Box component="li" key={one.id} style={{ borderTop: i ? DIVIDER : undefined }}>
                {item(one)}
              </Box>
            ))}
      </Box>
      <ListFooter {...footer} total={total} />
    </Paper>
  );
}

/** The placeholder lines of an item while the first page loads. */
export function InboxPlaceholder({ message = false }: { message?: boolean }) {
  return (
    <Stack gap="xs">
      <Skeleton h={18} w="30%" radius="sm" />
      <Skeleton h={14} w="60%" radius="sm" />
      {message && <Skeleton h={48} radius="sm" />}
    </Stack>
  );
}
