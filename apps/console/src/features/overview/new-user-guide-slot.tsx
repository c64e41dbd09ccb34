/**
 * ISSUE #20 — THE NEW-USER GUIDE MOUNTS HERE.
 *
 * SPEC §2's new-user guide (a guided tour of the console) is its own issue. The overview renders
 * this slot above its cards for an account on its first run (no proxy yet), beside the first-run
 * steps; the guide replaces this component's body and may read `step` to start where the
 * customer is. Until then it renders nothing.
 */
export const NewUserGuideSlot = (_props: { step: string }) => null;
