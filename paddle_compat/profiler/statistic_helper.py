"""Arithmetic on lists of ``(start, end)`` time ranges (what the summary tables sum up)."""

__all__ = []


def sum_ranges(ranges):
    return sum(end - start for start, end in ranges)


def merge_self_ranges(src_ranges, is_sorted=False):
    """Union of the ranges of one list, as sorted disjoint ranges (touching ranges are joined)."""
    ranges = src_ranges if is_sorted else sorted(src_ranges, key=lambda r: r[0])
    merged = []
    for start, end in ranges:
        if merged and start <= merged[-1][1]:
            if end > merged[-1][1]:
                merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def merge_ranges(range_list1, range_list2, is_sorted=False):
    """Union of two range lists (each a sorted disjoint list when ``is_sorted``)."""
    if not range_list1:
        return list(range_list2) if is_sorted else merge_self_ranges(range_list2)
    if not range_list2:
        return list(range_list1) if is_sorted else merge_self_ranges(range_list1)
    return merge_self_ranges(list(range_list1) + list(range_list2))


def intersection_ranges(range_list1, range_list2, is_sorted=False):
    """The time covered by both lists."""
    if not range_list1 or not range_list2:
        return []
    if not is_sorted:
        range_list1, range_list2 = merge_self_ranges(range_list1), merge_self_ranges(range_list2)
    result, i, j = [], 0, 0
    while i < len(range_list1) and j < len(range_list2):
        start = max(range_list1[i][0], range_list2[j][0])
        end = min(range_list1[i][1], range_list2[j][1])
        if start < end:
            result.append((start, end))
        if range_list1[i][1] < range_list2[j][1]:
            i += 1
        else:
            j += 1
    return result


def subtract_ranges(range_list1, range_list2, is_sorted=False):
    """The time covered by ``range_list1`` but not by ``range_list2``."""
    if not range_list1:
        return []
    if not is_sorted:
        range_list1, range_list2 = merge_self_ranges(range_list1), merge_self_ranges(range_list2)
    result, j = [], 0
    for start, end in range_list1:
        while j < len(range_list2) and range_list2[j][1] <= start:
            j += 1
        k = j
        while k < len(range_list2) and range_list2[k][0] < end:
            if range_list2[k][0] > start:
                result.append((start, range_list2[k][0]))
            start = max(start, range_list2[k][1])
            k += 1
        if start < end:
            result.append((start, end))
    return result
