import { useI18n } from '../../renderer/ui.tsx';
import type { CalculatorWork } from './load.server.ts';

/** A unit as people read it (m², kWp — kWc in French —, units), alone or with a quantity. */
export function useUnit() {
  const { t } = useI18n();
  return (unit: CalculatorWork['unit'], value?: number) => (value === undefined ? t(`calc.unit.${unit}`) : t(`calc.qty.${unit}`, { value }));
}
