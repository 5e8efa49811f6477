import Avatar from '@mui/material/Avatar';
import { getInitials } from '../lib/format.ts';

/** The user's picture, or their initials when they have none (spec 2: sidebar). */
export function UserAvatar({ name, src, size = 72 }: { name: string; src: string | null; size?: number }) {
  return (
    <Avatar
      src={src ?? undefined}
      alt={name}
      sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.main', fontWeight: 700 }}
    >
      {getInitials(name)}
    </Avatar>
  );
}
