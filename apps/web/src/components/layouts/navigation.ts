import {
  Award,
  BarChart3,
  BookOpen,
  Building2,
  CalendarDays,
  ClipboardCheck,
  ClipboardList,
  Dumbbell,
  FileText,
  GraduationCap,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  Medal,
  MessageSquare,
  MessagesSquare,
  PenLine,
  PlusCircle,
  Rocket,
  Scale,
  Settings,
  ShieldCheck,
  Store,
  Target,
  TrendingUp,
  Trophy,
  UserCog,
  Users,
  UsersRound,
  Video,
} from 'lucide-react';
import {
  type LayoutSpace,
  NAV_GROUPS,
  type NavEntry,
  type NavGroupId,
  type NavIconName,
  type NavLabel,
  ROUTES,
  type RouteEntry,
  type SectionId,
} from '@/config/paths';

export interface NavigationItem {
  id: SectionId;
  href: string;
  /** `navigation:sidebar.items.<label>` */
  label: NavLabel;
  icon: LucideIcon;
  isNew: boolean;
}

export interface NavigationGroup {
  /** Also its label, `navigation:sidebar.groups.<id>`. */
  id: NavGroupId;
  icon: LucideIcon;
  items: NavigationItem[];
}

export interface NavigationOptions {
  isAdmin: boolean;
  /** SPEC 2: an admin on an admin page; the menu then leads to the admin screens mirroring trainer ones. */
  isAdminContext: boolean;
  organizationId: string | null;
}

/** The sidebar's icons, by the names the route table gives them. */
const NAV_ICONS: Record<NavIconName, LucideIcon> = {
  award: Award,
  'bar-chart': BarChart3,
  'book-open': BookOpen,
  building: Building2,
  'calendar-days': CalendarDays,
  'clipboard-check': ClipboardCheck,
  'clipboard-list': ClipboardList,
  dumbbell: Dumbbell,
  'file-text': FileText,
  'graduation-cap': GraduationCap,
  'layout-dashboard': LayoutDashboard,
  'list-checks': ListChecks,
  medal: Medal,
  'message-square': MessageSquare,
  'messages-square': MessagesSquare,
  'pen-line': PenLine,
  'plus-circle': PlusCircle,
  rocket: Rocket,
  scale: Scale,
  settings: Settings,
  'shield-check': ShieldCheck,
  store: Store,
  target: Target,
  'trending-up': TrendingUp,
  trophy: Trophy,
  'user-cog': UserCog,
  users: Users,
  'users-round': UsersRound,
  video: Video,
};

type NavRoute = RouteEntry & { section: SectionId; nav: NavEntry & { label: NavLabel } };

const NAV_ROUTES = ROUTES.filter((route): route is NavRoute => Boolean(route.nav && route.section));

/** SPEC 2 admin screens that mirror a trainer one, by the trainer one's path. */
const ADMIN_EQUIVALENTS = new Map(
  ROUTES.flatMap((route) => (route.mirrors ? [[route.mirrors, route.path] as const] : [])),
);

function getHref(route: NavRoute, { isAdminContext, isAdmin, organizationId }: NavigationOptions) {
  if (route.nav.needsOrganization) {
    return organizationId ? (route.getHref as (organizationId: string) => string)(organizationId) : null;
  }
  const href = (route.getHref as () => string)();
  return (isAdminContext && isAdmin && ADMIN_EQUIVALENTS.get(href)) || href;
}

/** SPEC 2: a frame's sidebar groups and their items, as the route table lists them. */
export function getNavigation(space: LayoutSpace, options: NavigationOptions): NavigationGroup[] {
  return NAV_GROUPS[space].map((group) => ({
    id: group.id,
    icon: NAV_ICONS[group.icon],
    items: NAV_ROUTES.flatMap((route) => {
      if (route.nav.group !== group.id || (route.nav.isAdminOnly && !options.isAdmin)) return [];
      const href = getHref(route, options);
      if (href === null) return [];
      const { label, icon, isNew = false } = route.nav;
      return [{ id: route.section, href, label, icon: NAV_ICONS[icon], isNew }];
    }),
  }));
}
