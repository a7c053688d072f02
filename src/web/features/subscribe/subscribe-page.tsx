import type { TRole } from '@shared/roles';
export default function Page(_: { role: TRole }) { return <div>TODO</div>; }
