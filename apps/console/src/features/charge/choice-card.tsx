import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/** Props of {@link ChoiceCard}. */
export interface ChoiceCardProps {
  isSelected: boolean;
  onSelect: () => void;
  children: ReactNode;
  /** E2E hook; the element also carries `data-selected="true|false"`. */
  testId: string;
  style?: CSSProperties;
}

/** A selectable card (a package, a payment method): a button that shows whether it is chosen. */
export const ChoiceCard = ({ isSelected, onSelect, children, testId, style }: ChoiceCardProps) => {
  const { token } = theme.useToken();
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      data-testid={testId}
      data-selected={isSelected ? 'true' : 'false'}
      onClick={onSelect}
      style={{
        // Content starts at the top, so cards of one row line up whatever their height.
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'flex-start',
        alignItems: 'stretch',
        width: '100%',
        textAlign: 'start',
        font: 'inherit',
        color: token.colorText,
        cursor: 'pointer',
        padding: isSelected ? 11 : 12,
        borderRadius: token.borderRadiusLG,
        border: isSelected ? `2px solid ${token.colorPrimary}` : `1px solid ${token.colorBorder}`,
        background: isSelected ? token.colorPrimaryBg : token.colorBgContainer,
        transition: `border-color ${token.motionDurationMid}, background ${token.motionDurationMid}`,
        ...style,
      }}
    >
      {children}
    </button>
  );
};

/** A labelled grid of {@link ChoiceCard}s, each column at least `minWidth` pixels wide. */
export const ChoiceGrid = ({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) => (
  <fieldset
    aria-label={label}
    style={{
      display: 'grid',
      gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}px, 1fr))`,
      gap: 12,
      margin: 0,
      padding: 0,
      border: 0,
      minWidth: 0,
    }}
  >
    {children}
  </fieldset>
);
