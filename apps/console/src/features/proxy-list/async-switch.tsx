import { Switch, Tooltip } from 'antd';
import { useState } from 'react';

/** Props of {@link AsyncSwitch}. */
export interface AsyncSwitchProps {
  checked: boolean;
  /** Sends the change; the switch spins until it settles and shows what the server then says. */
  onChange: (checked: boolean) => Promise<unknown>;
  disabled?: boolean;
  /** Why it is disabled, shown on hover. */
  reason?: string | undefined;
  checkedText?: string;
  uncheckedText?: string;
  label: string;
  testId: string;
}

/** A switch of one proxy (on/off, rotation, auto-renew) that waits for the server. */
export const AsyncSwitch = ({
  checked,
  onChange,
  disabled = false,
  reason,
  checkedText,
  uncheckedText,
  label,
  testId,
}: AsyncSwitchProps) => {
  const [isBusy, setIsBusy] = useState(false);
  const toggle = async (next: boolean) => {
    setIsBusy(true);
    try {
      await onChange(next);
    } catch {
      // Shown by the API client; the switch keeps the state the list has.
    } finally {
      setIsBusy(false);
    }
  };
  const control = (
    <Switch
      size="small"
      checked={checked}
      loading={isBusy}
      disabled={disabled}
      onChange={(next) => void toggle(next)}
      checkedChildren={checkedText}
      unCheckedChildren={uncheckedText}
      aria-label={label}
      data-testid={testId}
    />
  );
  return disabled && reason ? <Tooltip title={reason}>{control}</Tooltip> : control;
};
