import { Checkbox, type CheckboxProps } from '@mantine/core';
import { TOUCH_TARGET } from '../../lib/field-layout';

/**
 * A checkbox without a visible label that a gloved finger can hit: on touch layouts a 44 × 44 px
 * label around it takes the tap (a label passes its clicks to its input), elsewhere the bare box.
 */
export function TouchCheckbox({ isTouch, ...props }: CheckboxProps & { isTouch: boolean }) {
  if (!isTouch) return <Checkbox {...props} />;
  return (
    // The label wraps the checkbox's input (its control); jsx-a11y cannot see inside <Checkbox>.
    // eslint-disable-next-line jsx-a11y/label-has-associated-control
    <label
      data-touch-target
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: TOUCH_TARGET,
        height: TOUCH_TARGET,
        cursor: 'pointer',
      }}
    >
      <Checkbox size="md" {...props} />
    </label>
  );
}
