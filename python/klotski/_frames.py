"""The classic named layouts as a pandas DataFrame (pandas imported when
asked for: it is optional)."""

from typing import TYPE_CHECKING, Optional

from klotski._klotski import named_layouts
from klotski._types import NamedLayoutDict

if TYPE_CHECKING:
    import pandas


def named_layouts_frame(query: Optional[str] = None) -> "pandas.DataFrame":
    """``named_layouts(query)`` as a DataFrame, a row per entry, with the
    entries' keys as columns (also when nothing is found)."""
    import pandas

    columns = list(NamedLayoutDict.__annotations__)
    return pandas.DataFrame(named_layouts(query), columns=columns)
