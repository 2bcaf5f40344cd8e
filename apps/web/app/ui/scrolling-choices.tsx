import { ScrollArea, SegmentedControl, type SegmentedControlProps } from '@mantine/core';

/**
 * A row of choices (SegmentedControl) that a phone scrolls sideways rather than cutting the last
 * one off at the screen's edge: for filters whose labels, in some language, outgrow 360 px.
 */
export function ScrollingChoices(props: SegmentedControlProps) {
  return (
    <ScrollArea type="never" maw="100%">
      <SegmentedControl {...props} />
    </ScrollArea>
  );
}
