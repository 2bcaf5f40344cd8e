import type { UserView } from '@shop/shared';
import { createContext, useContext } from 'react';

/** What every screen of the staff area works with: the signed-in staff member. */
export interface StaffArea {
  user: UserView;
}

export const StaffAreaContext = createContext<StaffArea | null>(null);

/** The staff area's user; only inside routes/staff/layout.tsx, which lets only staff through. */
export function useStaffArea(): StaffArea {
  const area = useContext(StaffAreaContext);
  if (!area) throw new Error('useStaffArea is used outside the staff area layout');
  return area;
}
