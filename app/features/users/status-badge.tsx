// Its own module: a profile shows the badge without the users table's code.

export const StatusBadge = ({ status }: { status: string }) => <span className={`badge ${status === 'Active' ? 'success' : 'muted'}`}>{status}</span>
