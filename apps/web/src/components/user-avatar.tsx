import { getInitials } from '@/lib/initials';

export interface UserAvatarProps {
  fullName: string;
  email: string;
}

/** Initials in a circle; decorative, since the name is always written next to it. */
export function UserAvatar({ fullName, email }: UserAvatarProps) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
    >
      {getInitials(fullName, email)}
    </span>
  );
}
