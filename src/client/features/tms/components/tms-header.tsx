// The TMS heading with its two views (spec section 2: /tms and /tms/students).
import { NavLink } from 'react-router-dom';
import '../tms.css';

export function TmsHeader() {
  return (
    <div className="tms-header">
      <h1>TMS</h1>
      <nav className="tms-tabs" aria-label="TMS views">
        <NavLink to="/tms" end>Debriefs</NavLink>
        <NavLink to="/tms/students">Students</NavLink>
      </nav>
    </div>
  );
}
