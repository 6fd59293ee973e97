import { Navigate, Outlet } from "react-router";
import { useAuth } from "../lib/auth";

/** Wraps every private route: signed-out visitors go to /signin and see nothing of the page (docs/product.md §3). */
export function RequireAuth() {
  const { status } = useAuth();
  if (status === "signedIn") return <Outlet />;
  if (status === "signedOut") return <Navigate to="/signin" replace />;
  return null;
}
